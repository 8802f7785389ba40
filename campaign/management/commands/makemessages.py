"""Django's makemessages, also extracting the rules engine's refusal templates.

The engine (``rules``) knows nothing of Django, so its templates are not wrapped in
gettext: they are the third argument of ``Problem(...)``, the first of ``Phrase(...)`` and
of ``translatable(...)`` (rules.core.problems), which xgettext is told to extract as it
extracts ``_()``. Their placeholders are ``str.format`` ones, flagged python-brace-format.
"""

from django.core.management.commands import makemessages

ENGINE_KEYWORDS = ("Problem:3", "Phrase:1", "translatable:1")


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        *(f"--keyword={keyword}" for keyword in ENGINE_KEYWORDS),
    ]
