"""The Parlour process: settings, entry point, database, table service and Discord client."""

__version__ = "0.1.0"
