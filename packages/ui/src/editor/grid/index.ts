export { GridPlacement, type GridPlacementProps } from './GridPlacement';
export { PhoneOrder, type PhoneOrderItem, type PhoneOrderProps } from './PhoneOrder';
export { gridMessages } from './grid-messages';
export { SectionPresetPicker, type SectionPresetPickerProps } from './SectionPresetPicker';
