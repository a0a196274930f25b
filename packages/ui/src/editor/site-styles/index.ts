export { ColorPicker, type ColorPickerProps } from './ColorPicker';
export { FontPicker, type FontPickerProps, type StyleGuideFont } from './FontPicker';
export { siteStylesMessages } from './site-styles-messages';
export { ThemePicker, type ThemePickerProps } from './ThemePicker';
