"""Alembic migrations for Parlour's database, shipped with the package (see bot/db.py)."""
