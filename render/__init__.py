"""Pillow pictures: pure functions from a view to PNG bytes. No Discord, no database."""
