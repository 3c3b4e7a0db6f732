"""Discord-facing adapters: slash commands, buttons, select menus. Thin: no rules live here."""
