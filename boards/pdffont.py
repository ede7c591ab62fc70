"""The one face of the turn mail's PDF: DejaVu Sans Mono without its
hinting instructions.

Cairo embeds a subset of every TrueType face a PDF uses, glyph outlines
and hinting alike. DejaVu Sans Mono's hinting (its ``fpgm``, ``prep`` and
``cvt`` tables and each glyph's instructions) is more than half of the
subset a turn mail's PDF carries (10.3 of its 14.7 KB compressed, 10.3 ->
4.6 KB), and PDF viewers set text from the outlines at any size: the pages
rasterise the same, pixel for pixel (poppler), with or without it. So the
snapshot's face is a copy of the system's DejaVu Sans Mono with the
hinting taken out (fontTools), the same outlines, metrics and names.

The copy is made once per machine (about 0.3 s of CPU) in a cache folder
(``FARMPOST_FONT_CACHE``, else ``$XDG_CACHE_HOME/farmpost`` or
``~/.cache/farmpost``, else the temporary folder), named after the source
file's size and time, written to a temporary name and renamed, so
concurrent workers never read half a file. Cairo loads it through a
fontconfig pattern naming the file (``cairo_ft_font_face_create_for_pattern``).
Anything missing (fontconfig, the font, a writable folder) and the face is
cairo's own DejaVu Sans Mono, as before: bigger PDFs, the same pages. The
turn mail's PDF, written without cairo (:mod:`boards.pdfwrite`), reads the
same copy's file and embeds a subset of it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import tempfile
from functools import cache
from pathlib import Path

import cairocffi as cairo

FAMILY = "DejaVu Sans Mono"
#: the tables that only hinting reads
HINTING_TABLES = ("fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX")


@cache
def mono_face() -> cairo.FontFace:
    """DejaVu Sans Mono, unhinted (module docstring); cairo's toy face of
    the family if it cannot be made."""
    try:
        return _face_for_file(unhinted(system_file(FAMILY)))
    except (OSError, ImportError, AttributeError, ValueError):
        return cairo.ToyFontFace(FAMILY)


def _libraries():
    fontconfig = ctypes.CDLL(ctypes.util.find_library("fontconfig") or "libfontconfig.so.1")
    libcairo = ctypes.CDLL(ctypes.util.find_library("cairo") or "libcairo.so.2")
    fontconfig.FcNameParse.restype = ctypes.c_void_p
    fontconfig.FcNameParse.argtypes = [ctypes.c_char_p]
    fontconfig.FcConfigSubstitute.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    fontconfig.FcDefaultSubstitute.argtypes = [ctypes.c_void_p]
    fontconfig.FcFontMatch.restype = ctypes.c_void_p
    fontconfig.FcFontMatch.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
    fontconfig.FcPatternGetString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                              ctypes.POINTER(ctypes.c_char_p)]
    fontconfig.FcPatternCreate.restype = ctypes.c_void_p
    fontconfig.FcPatternAddString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
    fontconfig.FcPatternAddInteger.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    fontconfig.FcPatternDestroy.argtypes = [ctypes.c_void_p]
    libcairo.cairo_ft_font_face_create_for_pattern.restype = ctypes.c_void_p
    libcairo.cairo_ft_font_face_create_for_pattern.argtypes = [ctypes.c_void_p]
    return fontconfig, libcairo


def system_file(family: str) -> Path:
    """The file fontconfig gives for ``family``; ValueError if it gives another family's."""
    fontconfig, _ = _libraries()
    pattern = fontconfig.FcNameParse(family.encode())
    fontconfig.FcConfigSubstitute(None, pattern, 0)  # FcMatchPattern
    fontconfig.FcDefaultSubstitute(pattern)
    result = ctypes.c_int()
    match = fontconfig.FcFontMatch(None, pattern, ctypes.byref(result))
    fontconfig.FcPatternDestroy(pattern)
    if not match:
        raise ValueError(f"no font for {family}")
    try:
        name, path = ctypes.c_char_p(), ctypes.c_char_p()
        if fontconfig.FcPatternGetString(match, b"family", 0, ctypes.byref(name)) != 0 or name.value is None:
            raise ValueError(f"no font for {family}")
        if name.value.decode() != family:
            raise ValueError(f"{family} is not installed (fontconfig gives {name.value.decode()})")
        if fontconfig.FcPatternGetString(match, b"file", 0, ctypes.byref(path)) != 0 or path.value is None:
            raise ValueError(f"no file for {family}")
        return Path(os.fsdecode(path.value))
    finally:
        fontconfig.FcPatternDestroy(match)


def _cache_folder() -> Path:
    if os.environ.get("FARMPOST_FONT_CACHE"):
        return Path(os.environ["FARMPOST_FONT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "farmpost"


def unhinted(source: Path) -> Path:
    """The copy of ``source`` without hinting, made if not there yet."""
    stat = source.stat()
    name = f"{source.stem}-unhinted-{stat.st_size}-{int(stat.st_mtime)}.ttf"
    for folder in (_cache_folder(), Path(tempfile.gettempdir()) / "farmpost-fonts"):
        target = folder / name
        if target.exists():
            return target
        try:
            folder.mkdir(parents=True, exist_ok=True)
            data = strip_hinting(source.read_bytes())
            handle, temporary = tempfile.mkstemp(dir=folder, suffix=".part")
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, target)
            return target
        except OSError:
            continue
    raise OSError("no folder to keep the unhinted font in")


def strip_hinting(data: bytes) -> bytes:
    """A TrueType font's bytes without its hinting: the tables only hinting
    reads and every glyph's instructions; outlines, metrics and names kept."""
    import io

    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data))
    for tag in HINTING_TABLES:
        if tag in font:
            del font[tag]
    glyf = font["glyf"]
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if hasattr(glyph, "program"):
            glyph.program.fromBytecode(b"")
    font["maxp"].maxSizeOfInstructions = 0
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _face_for_file(path: Path) -> cairo.FontFace:
    fontconfig, libcairo = _libraries()
    pattern = fontconfig.FcPatternCreate()
    try:
        fontconfig.FcPatternAddString(pattern, b"file", os.fsencode(path))
        fontconfig.FcPatternAddInteger(pattern, b"index", 0)
        pointer = libcairo.cairo_ft_font_face_create_for_pattern(pattern)
    finally:
        fontconfig.FcPatternDestroy(pattern)
    if not pointer:
        raise ValueError(f"cairo cannot load {path}")
    face = cairo.FontFace._from_pointer(cairo.ffi.cast("cairo_font_face_t *", pointer), incref=False)
    if cairo.cairo.cairo_font_face_status(face._pointer):
        raise ValueError(f"cairo cannot load {path}")
    return face
