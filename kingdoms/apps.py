from django.apps import AppConfig


class KingdomsConfig(AppConfig):
    name = "kingdoms"
