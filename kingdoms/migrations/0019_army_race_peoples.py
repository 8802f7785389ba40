from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("kingdoms", "0018_kingdom_race_peoples"),
    ]

    operations = [
        migrations.AddField(
            model_name="army",
            name="race",
            field=models.CharField(blank=True, default="", max_length=20),
        ),
    ]
