from django.apps import AppConfig


class HostingConfig(AppConfig):
    name = "campaign.hosting"
    label = "hosting"
    verbose_name = "Hosting: new campaigns and invitations"
    default_auto_field = "django.db.models.BigAutoField"
