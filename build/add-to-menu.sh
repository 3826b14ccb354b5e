#!/bin/sh
# Adds cardtable to the desktop's application menu (for this user only) from wherever this
# folder lies now. Run it again after moving the folder; remove the two files it names to undo.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps"
mkdir -p "$apps" "$icons"
cp "$here/cardtable.png" "$icons/cardtable.png"
sed -e "s|^Exec=.*|Exec=\"$here/cardtable\"|" -e "s|^Icon=.*|Icon=$icons/cardtable.png|" \
    "$here/cardtable.desktop" > "$apps/cardtable.desktop"
chmod +x "$apps/cardtable.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$apps" || true
echo "cardtable is now in the application menu:"
echo "  $apps/cardtable.desktop"
echo "  $icons/cardtable.png"
