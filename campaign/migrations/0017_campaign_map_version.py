from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0016_new_tiles_terrain'),
    ]

    operations = [
        migrations.AddField(
            model_name='campaign',
            name='map_version',
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name='campaign',
            name='map_version_whole',
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
    ]
