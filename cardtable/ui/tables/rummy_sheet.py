"""The end-of-hand summary of the rummy games, drawn inside the shell's summary panel.

One table, a row per player: the cards left in hand (each a small card with its value
under it), the points they cost, then the score sheet of the whole match (one column per
hand or round, future ones empty) and the running total; rummy65 adds the cents each
player has taken from the pot, and under the table a few lines saying how the pot works
(a newcomer cannot guess it). A line above says what was wild and how the pot stands.
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.engine.rummy65 import ANTE, TAKE
from cardtable.i18n import N_, Msg, tr
from cardtable.ui import theme
from cardtable.ui.tables.rummy_words import wild_words


def _list(parts: list) -> Msg | str:
    """'Margot 10¢, Hana 10¢' (a list of Msgs and names, each translated when shown)."""
    if not parts:
        return ""
    text = parts[-1]
    for p in reversed(parts[:-1]):
        text = Msg("{a}, {b}", a=p, b=text)
    return text


def _facts(table, ev: dict, names: list) -> list[Msg]:
    out = [table.m(N_("Wild: {wild}"), wild=wild_words(ev.get("wild_ranks", [])))]
    if ev.get("stalemate"):
        out.append(Msg("nobody went out: cards outside each best arrangement count"))
    laid = [names[s] for s, done in enumerate(ev.get("melded_all", []))
            if done and s != ev.get("went_out")]
    if laid:
        out.append(Msg("melded every card: {names}", names=_list(laid)))
    money = ev.get("money")
    if money:
        n = len(names)
        start = money["ante"] * n
        took = [Msg("{name} {n}¢", name=names[s], n=c) for s, c in enumerate(money["taken"]) if c]
        line = Msg("Pot: {ante}¢ × {n} = {start}¢", ante=money["ante"], n=n, start=start)
        if took:
            line = Msg("{line} · taken this hand: {list}", line=line, list=_list(took))
        if any(money.get("payout", [])):
            pay = [Msg("{name} {n}¢", name=names[s], n=c)
                   for s, c in enumerate(money["payout"]) if c]
            line = Msg("{line} · final payout: {list}", line=line, list=_list(pay))
        else:
            line = Msg("{line} · {n}¢ left", line=line, n=money["pot"])
        out.append(line)
    return out


def _mini(table, surface, code: str, value: int, x: int, y: int, w: int, h: int,
          wild: bool, show_value: bool) -> None:
    """A small card: rank over suit, gold edge when wild, its value under it."""
    art = table.t.art
    rect = pygame.Rect(x, y, w, h)
    theme.rounded(surface, rect, (252, 250, 244), theme.px(4),
                  edge=(*theme.ACCENT_DARK, 255) if wild else (150, 150, 150, 255),
                  edge_width=max(1, theme.px(2)) if wild else 1)
    size = max(9, int(w * 0.5))
    if code == "JK":
        theme.draw_text(surface, "JK", (rect.centerx, rect.y + theme.px(3)), int(size * 0.8),
                        theme.ACCENT_DARK, bold=True, anchor="midtop", shadow=False)
    else:
        suit = code[1]
        colour = art.suit_colour(suit)
        theme.draw_text(surface, art.rank_text(code[0]),
                        (rect.x + theme.px(3), rect.y + theme.px(1)), size, colour,
                        bold=True, shadow=False)
        sym = art.suit_symbol(suit, int(size * 0.75))
        surface.blit(sym, sym.get_rect(topleft=(rect.x + theme.px(4),
                                                rect.y + int(size * 1.05))))
    if show_value:
        theme.draw_text(surface, str(value), (rect.x + theme.px(3), rect.bottom + theme.px(1)),
                        theme.px(11), theme.ACCENT_LIGHT if wild else theme.TEXT_DIM,
                        shadow=False)


def draw(table, surface: pygame.Surface, area: pygame.Rect, scene) -> int:
    ev = scene.event
    names = [table.you(s) if s == table.viewer else table.name(s) for s in range(table.n)]
    n = table.n
    deal = ev.get("deal", 1)
    sheet = [r for r in scene.sheet if r.get("deal", 0) <= deal]
    deals = table.deals_in_match
    pot = "money" in ev
    y = area.top
    # facts
    fnt_size = theme.px(theme.SMALL)
    fnt = theme.font(fnt_size)
    line = "  ·  ".join(tr(f) for f in _facts(table, ev, names))
    for text in theme.wrap(line, fnt, area.width)[:3]:
        theme.draw_text(surface, text, (area.centerx, y), fnt_size, theme.TEXT_DIM,
                        anchor="midtop", shadow=False)
        y += fnt.get_linesize()
    y += theme.px(8)
    # columns
    # the names' column as wide as the longest name needs ("Ordinateur 2" at the largest
    # text), up to a quarter of the sheet
    name_w = min(max(theme.px(118), max((theme.text_size(tr(name), theme.px(15), True)[0]
                                         for name in names), default=0) + theme.px(24)),
                 area.width // 4)
    pts_w = theme.px(46)
    col_w = theme.px(24)
    total_w = theme.px(52)
    pot_w = theme.px(96) if pot else 0
    cards_w = area.width - name_w - pts_w - col_w * deals - total_w - pot_w - theme.px(16)
    x_cards = area.left + name_w
    x_pts = x_cards + cards_w + theme.px(8)
    x_sheet = x_pts + pts_w + theme.px(8)
    x_total = x_sheet + col_w * deals
    x_pot = x_total + total_w
    head = theme.px(13)
    hy = y
    theme.draw_text(surface, N_("Cards left"), (x_cards, hy), head, theme.TEXT_MUTED, shadow=False)
    theme.draw_text(surface, "Points", (x_pts + pts_w // 2, hy), head, theme.TEXT_MUTED,
                    anchor="midtop", shadow=False)
    for d in range(1, deals + 1):
        colour = theme.ACCENT_LIGHT if d == deal else theme.TEXT_MUTED
        theme.draw_text(surface, str(d), (x_sheet + col_w * (d - 1) + col_w // 2, hy), head,
                        colour, bold=d == deal, anchor="midtop", shadow=False)
    theme.draw_text(surface, "Total", (x_total + total_w // 2, hy), head, theme.TEXT_MUTED,
                    anchor="midtop", shadow=False)
    if pot:
        theme.draw_text(surface, N_("From the pot"), (x_pot + pot_w // 2, hy), head,
                        theme.TEXT_MUTED, anchor="midtop", shadow=False)
    y += theme.px(20)
    pygame.draw.line(surface, (96, 110, 102), (area.left, y), (area.right, y))
    y += theme.px(4)
    legend_h = theme.px(20) + (len(pot_lines(area.width, ANTE, TAKE)) * theme.px(17)
                               + theme.px(8) if pot else 0)
    rh = min(theme.px(52), (area.bottom - y - legend_h) // max(1, n))
    mini_h = max(theme.px(18), min(theme.px(32), rh - theme.px(18)))
    mini_w = int(mini_h * 0.72)
    show_values = rh >= mini_h + theme.px(14)
    totals = ev.get("totals") or [0] * n
    low = min(totals) if totals else 0
    rules_values = ev.get("values") or [[] for _ in range(n)]
    wild = ev.get("wild_ranks", [])
    # the current deal's column, lightly lit
    band = pygame.Rect(x_sheet + col_w * (deal - 1), hy - theme.px(3), col_w,
                       y - hy + rh * n + theme.px(3))
    theme.rounded(surface, band, (*theme.ACCENT, 26), theme.px(5))
    for seat in range(n):
        top = y + rh * seat
        if seat % 2 == 0:
            theme.rounded(surface, pygame.Rect(area.left, top, area.width, rh - theme.px(2)),
                          (255, 255, 255, 10), theme.px(6))
        mid = top + rh // 2
        colour = scene_colour(seat)
        pygame.draw.circle(surface, colour, (area.left + theme.px(8), mid), theme.px(5))
        name_size = theme.fit_size(names[seat], theme.px(15), name_w - theme.px(24), True)
        label = theme.ellipsize(names[seat], name_size, name_w - theme.px(24), True)
        theme.draw_text(surface, label, (area.left + theme.px(18), mid), name_size,
                        theme.TEXT, bold=True, anchor="midleft", shadow=False)
        cards = (ev.get("leftover") or [[]] * n)[seat]
        values = rules_values[seat] if seat < len(rules_values) else []
        if not cards:
            went = ev.get("went_out") == seat
            text = N_("went out") if went else N_("every card melded")
            theme.draw_text(surface, text, (x_cards, mid), theme.px(14), theme.GOOD,
                            bold=True, anchor="midleft", shadow=False)
        else:
            k = len(cards)
            step = min(mini_w + theme.px(4), (cards_w - mini_w) / max(1, k - 1))
            cy = top + (rh - mini_h - (theme.px(13) if show_values else 0)) // 2
            for i, code in enumerate(cards):
                v = values[i] if i < len(values) else 0
                is_wild = code == "JK" or code[0] in wild
                _mini(table, surface, code, v, int(x_cards + step * i), cy, mini_w, mini_h,
                      is_wild, show_values)
        pts = (ev.get("penalties") or [0] * n)[seat]
        theme.draw_text(surface, str(pts), (x_pts + pts_w // 2, mid), theme.px(17),
                        theme.TEXT if pts else theme.GOOD, bold=True, anchor="center",
                        shadow=False)
        for d in range(1, deals + 1):
            row = next((r for r in sheet if r.get("deal") == d), None)
            cx = x_sheet + col_w * (d - 1) + col_w // 2
            if row is None:
                theme.draw_text(surface, "·", (cx, mid), theme.px(13), theme.TEXT_MUTED,
                                anchor="center", shadow=False)
                continue
            p = row["penalties"][seat]
            theme.draw_text(surface, str(p), (cx, mid), theme.px(13),
                            theme.GOOD if p == 0 else theme.TEXT_DIM, anchor="center",
                            shadow=False)
            took = row.get("money", {}).get("taken", [0] * n)[seat]
            if took:
                pygame.draw.circle(surface, theme.ACCENT, (cx + col_w // 2 - theme.px(3),
                                                           mid - theme.px(9)), theme.px(3))
        total = totals[seat] if seat < len(totals) else 0
        theme.draw_text(surface, str(total), (x_total + total_w // 2, mid), theme.px(17),
                        theme.ACCENT_LIGHT if total == low else theme.TEXT, bold=True,
                        anchor="center", shadow=False)
        if pot:
            money = ev["money"]
            cents = money["taken_total"][seat]
            theme.draw_text(surface, i18n.cents(cents), (x_pot + pot_w // 2, mid - theme.px(6)),
                            theme.px(15), theme.ACCENT_LIGHT if cents else theme.TEXT_DIM,
                            bold=True, anchor="center", shadow=False)
            net = money["net"][seat]
            theme.draw_text(surface, Msg("net {amount}", amount=i18n.cents(net, signed=True)),
                            (x_pot + pot_w // 2, mid + theme.px(9)),
                            theme.px(11), theme.TEXT_MUTED, anchor="center", shadow=False)
    ly = y + rh * n + theme.px(4)
    legend = Msg("Lowest total wins.")
    if pot:
        legend = Msg("took 10¢ from the pot that hand  ·  {rest}", rest=legend)
    r = theme.draw_text(surface, legend, (area.right, ly), theme.px(12), theme.TEXT_MUTED,
                        anchor="topright", shadow=False)
    bottom = r.bottom
    if pot:
        pygame.draw.circle(surface, theme.ACCENT, (r.left - theme.px(8), r.centery),
                           theme.px(3))
        # what the cents are: the pot, in plain words
        y = r.bottom + theme.px(8)
        for line in pot_lines(area.width, ANTE, TAKE):
            theme.draw_text(surface, line, (area.left, y), theme.px(13), theme.TEXT_DIM,
                            shadow=False)
            y += theme.px(17)
        bottom = y
    return bottom


def pot_legend(ante: int = ANTE, take: int = TAKE) -> Msg:
    """What the 'From the pot' column counts, for a newcomer."""
    return Msg("From the pot, in cents: everybody puts {ante}¢ in the pot at the start. "
               "Whoever lays down every card in a hand takes {take}¢ from it while it lasts; "
               "after the last hand, the lowest total takes what is left. Net: the cents "
               "taken minus the {ante}¢ put in.", ante=ante, take=take)


def pot_lines(width: int, ante: int = ANTE, take: int = TAKE) -> list[str]:
    """The pot legend wrapped to ``width`` (in the current language)."""
    return theme.wrap(tr(pot_legend(ante, take)), theme.font(theme.px(13)), width)


def scene_colour(seat: int) -> tuple:
    return theme.SEAT_COLOURS[seat % len(theme.SEAT_COLOURS)]
