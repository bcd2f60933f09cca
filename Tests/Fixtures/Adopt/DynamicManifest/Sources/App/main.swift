import ProfileFeature
import SearchFeature
import SettingsFeature

print(profileFeature, searchFeature, settingsFeature)
