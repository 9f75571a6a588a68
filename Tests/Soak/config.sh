# The soak's config folder (sourced by Tests/Soak/run.sh): a stack whose root panel shows an MQTT
# value and a file value, with a full-width tile that opens the "other" page; and the edits made
# to it while the kiosk runs, good ones and the broken classes of issue 26. Every write goes
# through a dot file and a rename, so the kiosk never reads half a file (the config watcher
# ignores dot files).

SOAK_TOPIC_PREFIX=kiosk/soak

# soak_write PATH: stdin into PATH, atomically.
soak_write() {
    tmp="$(dirname "$1")/.soak-$$.tmp"
    cat >"$tmp" && mv -f "$tmp" "$1"
}

# soak_make_config DIR PORT
soak_make_config() {
    mkdir -p "$1/pages" "$1/data"
    soak_write "$1/kiosk.toml" <<TOML
home = "main"
state_file = ""
[preview]
width = 800
height = 600
[mqtt]
broker = "mqtt://127.0.0.1:$2"
client_id = "soak-panel"
topic_prefix = "$SOAK_TOPIC_PREFIX"
[dbus]
enabled = true
[[value]]
name = "temp"
source = "mqtt"
topic = "plant/temp"
json = "value"
stale_after = "30s"
[[value]]
name = "level"
source = "file"
path = "data/level"
TOML
    soak_write "$1/pages/main.toml" <<'TOML'
type = "stack"
root = "plant"
header = false
TOML
    # The tile is the first widget and fills the width: a tap at 400,120 lands on it.
    soak_write "$1/pages/plant.toml" <<'TOML'
type = "panel"
[[widget]]
type = "grid"
columns = 1
tile_height = 200
[[widget.tile]]
label = "Other"
open = "other"
[[widget]]
type = "value"
label = "Temperature"
value = "temp"
unit = "°C"
[[widget]]
type = "value"
label = "Level"
value = "level"
TOML
    printf '0\n' | soak_write "$1/data/level"
    soak_good_edit "$1" 0
}

# soak_good_edit DIR N: the other page with its title numbered N (a change every reload sees).
soak_good_edit() {
    soak_write "$1/pages/other.toml" <<TOML
type = "panel"
background = "#00ff00"
[[widget]]
type = "title"
text = "Other, edit $2"
TOML
}

SOAK_BROKEN_KINDS="dotted-key inline-tables arrays long-key repeated-key header syntax"

# soak_broken_edit DIR KIND: the other page replaced by one hostile class; prints the text the
# refusal's error line must contain.
soak_broken_edit() {
    case "$2" in
    dotted-key) # 100,000 parts: 200 KB on one line
        printf 'type = "panel"\n%s = 1\n' "$(yes k 2>/dev/null | head -n 100000 | paste -sd. -)" | soak_write "$1/pages/other.toml"
        echo "nest more than 64 levels" ;;
    inline-tables)
        { printf 'type = "panel"\nx = '; yes '{a = ' 2>/dev/null | head -n 100000 | tr -d '\n'; printf '1'; yes '}' 2>/dev/null | head -n 100000 | tr -d '\n'; echo; } |
            soak_write "$1/pages/other.toml"
        echo "nest more than 64 levels" ;;
    arrays)
        { printf 'type = "panel"\nx = '; yes '[' 2>/dev/null | head -n 100000 | tr -d '\n'; yes ']' 2>/dev/null | head -n 100000 | tr -d '\n'; echo; } |
            soak_write "$1/pages/other.toml"
        echo "nest more than 64 levels" ;;
    long-key)
        { printf 'type = "panel"\n'; head -c 100000 /dev/zero | tr '\0' k; echo ' = 1'; } | soak_write "$1/pages/other.toml"
        echo "a key of 100000 characters" ;;
    repeated-key)
        { printf 'type = "panel"\n'; yes 'k = 1' 2>/dev/null | head -n 100000; } | soak_write "$1/pages/other.toml"
        echo "TOML syntax" ;;
    header)
        printf 'type = "panel"\n[%s]\n' "$(yes k 2>/dev/null | head -n 100000 | paste -sd. -)" | soak_write "$1/pages/other.toml"
        echo "nest more than 64 levels" ;;
    syntax)
        printf 'type = "panel"\n[[widget]\n' | soak_write "$1/pages/other.toml"
        echo "TOML syntax" ;;
    esac
}
