import type { Meta, StoryObj } from '@storybook/react-vite';
import { FONTS, messages } from '@site/page-content';
import { useState } from 'react';
import { fn } from 'storybook/test';
import '../editor.css';
import { ColorPicker } from './ColorPicker';
import { FontPicker } from './FontPicker';

const meta = {
  title: 'Editor/SiteStyles',
  component: FontPicker,
  args: {
    label: 'Heading font',
    fonts: FONTS,
    state: 'ready',
    value: 'playfair-display',
    onChange: fn(),
    styleGuide: [
      { role: 'Headings', fontId: 'playfair-display' },
      { role: 'Body', fontId: 'inter' },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
} satisfies Meta<typeof FontPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Fonts: Story = {};
export const FontsEmptySearch: Story = { args: { fonts: [], styleGuide: [] } };
export const FontsLoading: Story = { args: { fonts: undefined, state: 'loading' } };
export const FontsError: Story = { args: { fonts: undefined, state: 'error', onRetry: fn() } };
export const FontsDisabled: Story = { args: { isDisabled: true } };
/** A preview that cannot load shows the spec's message under that font. */
export const FontPreviewFails: Story = {
  args: {
    loadPreview: (font) => (font.id === 'lora' ? Promise.reject(new Error('offline')) : Promise.resolve()),
  },
  play: async ({ canvas }) => {
    await canvas.findByText(messages.unableToLoadFontPreview('Lora'));
  },
};

function Colour({
  initial,
  isDisabled,
}: {
  initial?: Parameters<typeof ColorPicker>[0]['value'];
  isDisabled?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <ColorPicker
      label="Accent colour"
      value={value}
      defaultHex="#2f5a3e"
      onChange={setValue}
      isDisabled={isDisabled}
    />
  );
}
export const ColourThemeDefault: Story = { render: () => <Colour /> };
export const ColourHex: Story = { render: () => <Colour initial="#c01c28" /> };
export const ColourWithAlpha: Story = {
  render: () => <Colour initial={{ hue: 210, saturation: 0.75, lightness: 0.4, alpha: 0.5 }} />,
};
export const ColourDisabled: Story = { render: () => <Colour initial="#1a5fb4" isDisabled /> };
/** A hex of the wrong length and an HSL part out of bounds: each group says what is wrong. */
export const ColourInvalid: Story = {
  render: () => <Colour initial="#c01c28" />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.clear(canvas.getByLabelText('Hex'));
    await userEvent.type(canvas.getByLabelText('Hex'), '#12');
    await userEvent.clear(canvas.getByLabelText('Lightness'));
    await userEvent.type(canvas.getByLabelText('Lightness'), '140');
  },
};
