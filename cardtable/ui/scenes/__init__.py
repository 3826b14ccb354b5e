"""The screens of the program; each module holds one Scene (the table lives in table.py)."""
