import type { Meta, StoryObj } from '@storybook/react-vite';
import type { TemplateProblem } from '@site/page-content';
import { fn } from 'storybook/test';
import '../editor.css';
import { TemplateEditor } from './TemplateEditor';

// Stories have no engine: a small stand-in reports an unclosed section where it starts.
const check = (source: string): TemplateProblem[] =>
  source.includes('{.section') && !source.includes('{.end}')
    ? [{ line: 2, column: 3, message: 'Missing {.end}' }]
    : [];

const meta = {
  title: 'Editor/TemplateEditor',
  component: TemplateEditor,
  args: {
    value:
      '<header>\n  {.section header}<h1>{siteTitle|htmltag}</h1>{.end}\n</header>\n<main>{mainContent}</main>\n',
    onChange: fn(),
    check,
  },
} satisfies Meta<typeof TemplateEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { value: '' } };
export const WithErrors: Story = {
  args: { value: '<header>\n  {.section header}<h1>{siteTitle}</h1>\n</header>\n' },
};
export const ReadOnly: Story = { args: { isReadOnly: true } };
export const Android: Story = {
  args: { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile' },
};
