"""The New campaign wizard's map upload (campaign.hosting.views): its shape only; the file
is read by campaign.transfer.maps."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.core.forms import RefusableForm

MAP_FILE_MEGABYTES = 20  # an export of a long campaign, chronicle and all


class MapUploadForm(RefusableForm):
    # It shares the wizard's form with the generated map's buttons: a browser must not
    # hold those back for an empty file box; the server still asks for the file on import.
    use_required_attribute = False

    map_file = forms.FileField(
        label=_("Warpost export"),
        help_text=(
            _(
                "A campaign's export (its GM console's Download export): its map "
                "comes, none of its history."
            )
        ),
    )

    def clean_map_file(self):
        upload = self.cleaned_data["map_file"]
        if upload.size > MAP_FILE_MEGABYTES * 1024 * 1024:
            raise forms.ValidationError(
                _("A map file is at most %(megabytes)s MB.") % {"megabytes": MAP_FILE_MEGABYTES}
            )
        return upload
