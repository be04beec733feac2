"""Command-line tools around the engine: content check, random games, fuzzer, benchmark."""
