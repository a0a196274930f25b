import { DEVICE_VIEWS, type DeviceView } from '@site/page-content';
import { Radio, RadioGroup, Label } from 'react-aria-components';
import { editorMessages } from './editor-messages';

const ICONS: Record<DeviceView, string> = {
  wide: 'M2 5h20v11H2zM8 20h8M12 16v4',
  desktop: 'M3 4h18v12H3zM8 20h8M12 16v4',
  tablet: 'M6 2h12v20H6zM11 18h2',
  phone: 'M8 2h8v20H8zM11 18h2',
};

export interface DeviceSwitcherProps {
  value: DeviceView;
  onChange: (view: DeviceView) => void;
  isDisabled?: boolean;
  /** The views offered, in order; all of them by default. */
  views?: readonly DeviceView[];
}

const ALL_VIEWS = Object.keys(DEVICE_VIEWS) as DeviceView[];

/** Wide / desktop / tablet / phone preview sizes (platform.md §2 device views), as a radio group. */
export function DeviceSwitcher({ value, onChange, isDisabled, views = ALL_VIEWS }: DeviceSwitcherProps) {
  return (
    <RadioGroup
      className="ed-devices"
      orientation="horizontal"
      value={value}
      onChange={(v) => onChange(v as DeviceView)}
      isDisabled={isDisabled}
    >
      <Label className="visually-hidden">{editorMessages.deviceViews}</Label>
      {views.map((view) => (
        <Radio key={view} value={view} className="ed-devices__option" aria-label={DEVICE_VIEWS[view].label}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d={ICONS[view]}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          <span className="ed-devices__label">{DEVICE_VIEWS[view].label}</span>
        </Radio>
      ))}
    </RadioGroup>
  );
}
