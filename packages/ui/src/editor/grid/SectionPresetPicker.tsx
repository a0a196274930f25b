import { SECTION_PRESETS, type SectionPreset } from '@site/page-content';
import { gridMessages } from './grid-messages';

export interface SectionPresetPickerProps {
  /** A blank section (undefined) or a preset. */
  onPick: (preset: SectionPreset | undefined) => void;
  /** Why presets cannot be added (the page's block limit), shown instead of adding past it. */
  disabledReason?: (preset: SectionPreset) => string | undefined;
}

/** "Add section": a blank section or one of the presets, each made of ordinary blocks on the grid. */
export function SectionPresetPicker({ onPick, disabledReason }: SectionPresetPickerProps) {
  return (
    <section className="ed-section-presets" aria-labelledby="ed-section-presets-title">
      <h3 className="ed-phone-order__title" id="ed-section-presets-title">
        {gridMessages.addSection}
      </h3>
      <ul className="ed-section-presets__list">
        <li>
          <button type="button" className="ed-section-presets__option" onClick={() => onPick(undefined)}>
            <strong>{gridMessages.blankSection}</strong>
            <span>{gridMessages.blankSectionHint}</span>
          </button>
        </li>
        {SECTION_PRESETS.map((preset) => {
          const reason = disabledReason?.(preset);
          return (
            <li key={preset.key}>
              <button
                type="button"
                className="ed-section-presets__option"
                onClick={() => onPick(preset)}
                disabled={Boolean(reason)}
              >
                <strong>{preset.label}</strong>
                <span>{reason ?? preset.description}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
