#!/bin/sh
# The picture outputs, looked at pixel by pixel: frames (cairo PNGs and the
# ffmpeg video) and the viewer (SDL2, through its screenshot, headless).
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

pixel="$HSF_TEST_BUILDDIR/tests/png_pixel"
if [ ! -e "$HSF_TEST_BUILDDIR/plugins/output/.libs/frames.so" ] || [ ! -x "$pixel" ]; then
    skip_all cairo "frames was not built (no cairo)"
fi

# Two discs at rest, red on the left and blue on the right, in the unit
# box: at width 200 the red centre is pixel (50, 100), the blue (150, 100).
cat >two.txt <<'P'
2
0.25 0.5 0 0 0.1 1 255 0 0
0.75 0.5 0 0 0.1 1 0 0 255
P
cat >frames.ini <<'I'
[simulation]
particles = two.txt
end_time = 1

[output.f]
plugin = frames
prefix = shot
width = 200
interval = 0.5
I
check "frames: a run" run_status 0 -c frames.ini
check "frames: one picture per sample (t = 0, 0.5, 1)" test "$(ls shot-*.png | wc -l)" -eq 3
check "frames: numbered from 0" test -s shot-000002.png
check "frames: 200 x 200" test "$("$pixel" shot-000002.png)" = "size 200 200"
check "frames: red disc red" test "$("$pixel" shot-000002.png 50 100)" = "255 0 0"
check "frames: blue disc blue" test "$("$pixel" shot-000002.png 150 100)" = "0 0 255"
check "frames: white background" test "$("$pixel" shot-000002.png 100 170)" = "255 255 255"
# Dark pixels of the "t = 1.00" text within the top left 70 x 24 pixels.
text_box=$(awk 'BEGIN { for (x = 4; x < 70; x += 2) for (y = 4; y < 24; y += 2) printf "%d %d ", x, y }')
# shellcheck disable=SC2086
check "frames: the time is written top left" test "$("$pixel" shot-000002.png $text_box |
    awk '$1 + $2 + $3 < 200' | wc -l)" -gt 5
check "frames: no temporary files left" test -z "$(find . -name "*tmp*")"

check "frames: black background" run_status 0 -c frames.ini -s output.f.background=black \
    -s output.f.prefix=dark
check "frames: black is black" test "$("$pixel" dark-000000.png 100 170)" = "0 0 0"
check "frames: a bad width is refused" run_status 2 -c frames.ini -s output.f.width=-5
check "frames: bad width: message" contains "$WORK/err" \
    "width: expected an integer from 16 to 16384, found '-5'"
check "frames: a missing directory is refused before the run" run_status 2 -c frames.ini \
    -s output.f.prefix=nowhere/shot
check "frames: nothing written then" test ! -e nowhere

# The same mistake in the file names the file and line.
sed 's/^width = 200$/width = -5/' frames.ini >badwidth.ini
check "frames: a bad width in the file is refused" run_status 2 -c badwidth.ini
check "frames: bad width: file and line" contains "$WORK/err" \
    "badwidth.ini:8: [output.f] width: expected an integer"

# A run that fails after its first picture (the second one's name is taken
# by a directory) keeps that picture whole and leaves no temporary file.
mkdir -p fail && cp two.txt fail/ && mkdir fail/shot-000001.png
check "frames: a failing run fails" sh -c "cd fail && ! '$HSFRAME' -c ../frames.ini \
    -s simulation.particles=two.txt >../out 2>../err"
check "frames: failing run: message" contains err "shot-000001.png: cannot write"
check "frames: failing run: the first picture is whole" \
    test "$("$pixel" fail/shot-000000.png)" = "size 200 200"
check "frames: failing run: no temporary files" test -z "$(find fail -name "*tmp*")"

# Unknown colours (black) on a black background are drawn light grey.
cat >black.txt <<'P'
1
0.5 0.5 0 0 0.1 1 0 0 0
P
check "frames: black particles on black" run_status 0 -c frames.ini \
    -s simulation.particles=black.txt -s output.f.background=black -s output.f.prefix=bb
check "frames: black particles on black are grey" \
    test "$("$pixel" bb-000000.png 100 100)" = "204 204 204"

# Periodic images: a green disc across the left edge shows on the right too.
cat >edge.txt <<'P'
1
0.02 0.5 0 0 0.1 1 0 255 0
P
check "frames: periodic box" run_status 0 -c frames.ini -s simulation.particles=edge.txt \
    -s boundary.plugin=periodic -s boundary.size="1 1" -s output.f.prefix=per
check "frames: periodic: the disc on the left" test "$("$pixel" per-000000.png 6 100)" = "0 255 0"
check "frames: periodic: its image on the right" \
    test "$("$pixel" per-000000.png 190 100)" = "0 255 0"

# A circular container is drawn as a circle, a box as a rectangle.
cat >centre.txt <<'P'
1
0 0 0 0 0.1 1 255 0 0
P
check "frames: circle" run_status 0 -c frames.ini -s simulation.particles=centre.txt \
    -s boundary.plugin=circle -s boundary.center="0 0" -s boundary.radius=1 \
    -s output.f.prefix=circ
check "frames: circle: the disc in the middle" \
    test "$("$pixel" circ-000000.png 100 100)" = "255 0 0"
check "frames: circle: the rim at the top is drawn" \
    test "$("$pixel" circ-000000.png 100 1)" != "255 255 255"
check "frames: circle: no rim in the corner" \
    test "$("$pixel" circ-000000.png 199 199)" = "255 255 255"
check "frames: box: a rim in the corner" test "$("$pixel" shot-000000.png 199 199)" != \
    "255 255 255"

# The video, with a stand-in ffmpeg that records its arguments.
mkdir -p bin
cat >bin/ffmpeg <<'F'
#!/bin/sh
echo "$@" >ffmpeg-args
for last; do :; done
echo video >"$last"
exit "${FAKE_FFMPEG_STATUS:-0}"
F
chmod +x bin/ffmpeg
check "frames: video through ffmpeg" sh -c "PATH='$WORK/bin:$PATH' '$HSFRAME' -c frames.ini \
    -s output.f.video=run.mp4 -s output.f.fps=10 >out 2>err"
check "frames: the video is there" test -s run.mp4
check "frames: the summary lists the video" contains out "file: run.mp4 (frames, [output.f])"
check "frames: ffmpeg got the frames and the rate" contains ffmpeg-args \
    "-framerate 10 -i shot-%06d.png"
check "frames: a failing ffmpeg fails the run" env PATH="$WORK/bin:$PATH" \
    FAKE_FFMPEG_STATUS=3 sh -c "! '$HSFRAME' -c frames.ini -s output.f.video=bad.mp4 \
    >out 2>err"
check "frames: ffmpeg failure: message" contains err "ffmpeg failed (exit status 3)"
check "frames: no video after a failure" test ! -e bad.mp4
check "frames: no temporary video left" test -z "$(find . -name "*bad.mp4*")"
# Without ffmpeg (a PATH with nothing on it) the pictures are enough.
mkdir -p nothing
check "frames: without ffmpeg the run succeeds" sh -c "PATH='$WORK/nothing' '$HSFRAME' \
    -c frames.ini -s output.f.video=none.mp4 >out 2>err"
check "frames: without ffmpeg: a warning" contains err "ffmpeg is not installed, so none.mp4"
check "frames: without ffmpeg: no video" test ! -e none.mp4
check "frames: without ffmpeg: the summary lists the pictures" contains out \
    "file: shot-000000.png (frames, [output.f])"
check "frames: without ffmpeg: the summary lists no video" sh -c "! grep -q none.mp4 out"

# The viewer, on SDL's offscreen driver.  SDL loads and unloads driver
# libraries of its own, whose allocations LeakSanitizer (in the CI's
# sanitizer run) can only report as from an unknown module: leak checking
# is off for these runs, address checking stays on.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS
if [ -e "$HSF_TEST_BUILDDIR/plugins/output/.libs/viewer.so" ]; then
    cat >viewer.ini <<'I'
[simulation]
particles = two.txt
end_time = 0.2

[output.v]
plugin = viewer
width = 200
interval = 0.05
speed = 0
screenshot = window.png
I
    # The first headless display that works: SDL's offscreen driver (SDL >=
    # 2.0.22), its dummy driver, or a virtual X server.
    display=""
    for d in "env SDL_VIDEODRIVER=offscreen" "env SDL_VIDEODRIVER=dummy" "xvfb-run -a"; do
        command -v "${d%% *}" >/dev/null 2>&1 || continue
        # shellcheck disable=SC2086
        if $d "$HSFRAME" -c viewer.ini >out 2>err && [ -s window.png ]; then
            display=$d
            break
        fi
    done
    if [ -n "$display" ]; then
        echo "viewer: drawn under: $display"
        check "viewer: red disc red" test "$("$pixel" window.png 50 100)" = "255 0 0"
        check "viewer: blue disc blue" test "$("$pixel" window.png 150 100)" = "0 0 255"
        check "viewer: white background" test "$("$pixel" window.png 100 170)" = "255 255 255"
        # shellcheck disable=SC2086
        check "viewer: SDL is loaded for it" sh -c "LD_DEBUG=libs $display '$HSFRAME' \
            -c viewer.ini -s output.v.screenshot= 2>&1 | grep -q 'calling init: .*libSDL2'"
    else
        skip viewer "viewer: no headless display works (offscreen, dummy, xvfb-run): not drawn"
    fi
    check "viewer: SDL is not loaded without it" sh -c "LD_DEBUG=libs '$HSFRAME' \
        -c frames.ini 2>&1 | grep -q 'calling init: .*frames' && ! LD_DEBUG=libs \
        '$HSFRAME' -c frames.ini 2>&1 | grep -q libSDL2"
    check "viewer: no video driver: refused" sh -c "SDL_VIDEODRIVER=nonesuch '$HSFRAME' \
        -c viewer.ini -s output.v.screenshot=none.png >out 2>err; test \$? -eq 2"
    check "viewer: no video driver: message" contains err "cannot start SDL video"
    check "viewer: no video driver: no screenshot" test ! -e none.png
    check "viewer: needs an interval" run_status 2 -c viewer.ini -s output.v.interval=0
    check "viewer: interval: message" contains "$WORK/err" "expected the time between frames"
    check "viewer: 2D only" run_status 2 -c "$CONF/box3d.ini" -s output.v.plugin=viewer \
        -s output.v.interval=1
else
    skip viewer "viewer was not built (no SDL2)"
fi
finish
