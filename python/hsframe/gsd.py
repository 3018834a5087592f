"""GSD (filled below)."""
