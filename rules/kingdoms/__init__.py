"""What a kingdom does: armies, support, capitals, spending, edicts, diplomacy, agreements, neutral
kingdoms."""
