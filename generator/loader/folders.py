"""Which files of a project folder are read: its definition files (``card_defs/*.yaml``) and
its layout files (``layouts/*.yaml``)."""

from __future__ import annotations

from pathlib import Path


def definition_files(root: Path) -> list[Path]:
    """The definition files of a project, in name order (OSError when the folder cannot be read).
    A ``.yaml`` entry that is not a regular file (a FIFO, a device, a broken link) is listed too,
    so that reading it reports what it is instead of leaving it out silently."""
    folder = root / "card_defs"
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and not p.is_dir())


def layout_files(root: Path) -> list[Path]:
    """The layout files of a project, in name order (OSError when the folder cannot be read); like
    definition files, an entry that is not a regular file is listed, for its reading to say so."""
    return yaml_files(root / "layouts")


def yaml_files(folder: Path) -> list[Path]:
    """The layout files of ``folder`` (none when it is missing), in name order."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and not p.is_dir())
