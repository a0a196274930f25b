import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { blockDefinition, createBlock } from '@site/page-content';
import { BlockInspector } from './BlockInspector';

const heading = blockDefinition('heading')!;
const meta = {
  title: 'Editor/BlockInspector',
  component: BlockInspector,
  args: { definition: heading, settings: createBlock('heading').settings, onChange: fn() },
} satisfies Meta<typeof BlockInspector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Heading: Story = {};
export const ButtonWithError: Story = {
  args: {
    definition: blockDefinition('button')!,
    settings: { ...createBlock('button').settings, href: 'javascript:alert(1)' },
    errors: { href: 'Enter a web address starting with https://, http://, mailto:, tel: or /.' },
  },
};
export const ProductPicker: Story = {
  args: {
    definition: blockDefinition('product')!,
    settings: createBlock('product').settings,
    choices: { product: [{ value: 'p1', label: 'Waxed Canvas Tote' }] },
  },
};
const searching = { query: 'tote', onQueryChange: fn() };
export const ProductSearchResults: Story = {
  args: { ...ProductPicker.args, productSearch: searching },
};
export const ProductSearchLoading: Story = {
  args: { ...ProductPicker.args, choices: {}, productSearch: { ...searching, isLoading: true } },
};
export const ProductSearchEmpty: Story = {
  args: { ...ProductPicker.args, choices: {}, productSearch: { ...searching, query: 'zzz', isEmpty: true } },
};
export const ProductSearchError: Story = {
  args: { ...ProductPicker.args, choices: {}, productSearch: { ...searching, isError: true } },
};
export const ProductSearchReadOnly: Story = {
  args: { ...ProductPicker.args, productSearch: searching, isReadOnly: true },
};
export const ListOfItems: Story = {
  args: { definition: blockDefinition('accordion')!, settings: createBlock('accordion').settings },
};
export const RichText: Story = {
  args: {
    definition: blockDefinition('text')!,
    settings: { ...createBlock('text').settings, html: '<p>Made by hand in <strong>Lisbon</strong>.</p>' },
    linkTargets: { pages: [{ id: 'p1', title: 'About', path: '/about' }], files: [] },
  },
};
export const Code: Story = {
  args: { definition: blockDefinition('code')!, settings: createBlock('code').settings },
};
export const NoSettings: Story = { args: { definition: blockDefinition('line')!, settings: {} } };
export const ReadOnly: Story = { args: { isReadOnly: true } };
