import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import './editor.css';
import { blockDefinition, createBlock, messages, MENU_LIMITS } from '@site/page-content';
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

// The restaurant and announcement blocks, each with its states.
const menu = createBlock('menu').settings;
export const Menu: Story = { args: { definition: blockDefinition('menu')!, settings: menu } };
export const MenuEmpty: Story = { args: { ...Menu.args, settings: { ...menu, sections: [] } } };
export const MenuWithError: Story = {
  args: {
    ...Menu.args,
    errors: { sections: messages.blocks.menuTooManySections(MENU_LIMITS.sections) },
  },
};
export const MenuReadOnly: Story = { args: { ...Menu.args, isReadOnly: true } };
const countdown = { ...createBlock('countdown').settings, endsAt: '2027-01-31T18:00' };
export const Countdown: Story = { args: { definition: blockDefinition('countdown')!, settings: countdown } };
export const CountdownEmpty: Story = { args: { ...Countdown.args, settings: { ...countdown, endsAt: '' } } };
export const CountdownWithError: Story = {
  args: { ...Countdown.args, errors: { endsAt: messages.blocks.countdownDateInvalid } },
};
export const CountdownReadOnly: Story = { args: { ...Countdown.args, isReadOnly: true } };
export const ScrollingText: Story = {
  args: { definition: blockDefinition('marquee')!, settings: createBlock('marquee').settings },
};
export const ScrollingTextWithError: Story = {
  args: {
    ...ScrollingText.args,
    settings: { ...createBlock('marquee').settings, text: '' },
    errors: { text: messages.blocks.marqueeTextRequired },
  },
};
export const PricingPlan: Story = {
  args: { definition: blockDefinition('pricing-plan')!, settings: createBlock('pricing-plan').settings },
};
export const PricingPlanEmpty: Story = {
  args: { ...PricingPlan.args, settings: { ...createBlock('pricing-plan').settings, plans: [] } },
};
/** One plan sells a paid member area: the picker shows prices, the plan the area's price. */
const sellingPlans = (areaId: string) => [
  {
    ...(createBlock('pricing-plan').settings as { plans: Record<string, unknown>[] }).plans[0],
    buttonTarget: 'area',
    areaId,
    buttonLabel: '',
  },
];
const areaChoices = {
  'member-area': [
    { value: 'club', label: 'Supper club', price: '$9.00 / month' },
    { value: 'open', label: 'Open kitchen' },
  ],
};
export const PricingPlanSellsArea: Story = {
  args: {
    ...PricingPlan.args,
    settings: { ...createBlock('pricing-plan').settings, plans: sellingPlans('club') },
    choices: areaChoices,
  },
};
/** The area was made free since: the plan reads Free, the inspector says so. */
export const PricingPlanAreaFree: Story = {
  args: { ...PricingPlanSellsArea.args, settings: { title: 'Plans', plans: sellingPlans('open') } },
};
/** The area was removed: the storefront shows the plan without price or button; the inspector warns. */
export const PricingPlanAreaRemoved: Story = {
  args: { ...PricingPlanSellsArea.args, settings: { title: 'Plans', plans: sellingPlans('gone') } },
};
/** No area chosen yet (and the site may have none). */
export const PricingPlanAreaNotChosen: Story = {
  args: { ...PricingPlanSellsArea.args, settings: { title: 'Plans', plans: sellingPlans('') }, choices: {} },
};
/** The areas are still loading: no warning until they are known. */
export const PricingPlanAreasLoading: Story = {
  args: { ...PricingPlanSellsArea.args, choices: {} },
};
/** The server refused the save: the area is not one of the site's. */
export const PricingPlanAreaRefused: Story = {
  args: {
    ...PricingPlanSellsArea.args,
    errors: { 'plans.0.areaId': 'This member area is not one of this site’s. Choose an area from the list.' },
  },
};
export const PricingPlanAreaReadOnly: Story = { args: { ...PricingPlanSellsArea.args, isReadOnly: true } };
export const MemberArea: Story = {
  args: {
    definition: blockDefinition('member-area')!,
    settings: { ...createBlock('member-area').settings, areaId: 'club' },
    choices: {
      'member-area': [
        { value: 'club', label: 'Makers club' },
        { value: 'trade', label: 'Trade customers' },
      ],
    },
  },
};
/** The site has no area yet: the picker offers none. */
export const MemberAreaNone: Story = {
  args: { ...MemberArea.args, settings: createBlock('member-area').settings, choices: {} },
};
export const MemberAreaReadOnly: Story = { args: { ...MemberArea.args, isReadOnly: true } };
export const QuoteLayouts: Story = {
  args: {
    definition: blockDefinition('quote')!,
    settings: { ...createBlock('quote').settings, variant: 'pull' },
  },
};
export const AccordionInBoxes: Story = {
  args: {
    definition: blockDefinition('accordion')!,
    settings: { ...createBlock('accordion').settings, variant: 'boxes' },
  },
};
export const SummaryAsList: Story = {
  args: {
    definition: blockDefinition('summary')!,
    settings: { ...createBlock('summary').settings, variant: 'list' },
    choices: { collection: [{ value: 'c1', label: 'Journal' }] },
  },
};
const reservation = createBlock('reservation').settings;
export const Reservation: Story = {
  args: {
    definition: blockDefinition('reservation')!,
    settings: { ...reservation, formId: 'f1' },
    choices: { form: [{ value: 'f1', label: 'Bookings' }] },
  },
};
export const ReservationNoForm: Story = {
  args: { ...Reservation.args, settings: reservation, choices: { form: [] } },
};
const donation = createBlock('donation').settings;
export const Donation: Story = {
  args: { definition: blockDefinition('donation')!, settings: { ...donation, fund: 'Roof appeal' } },
};
export const DonationNoAmounts: Story = {
  args: { ...Donation.args, settings: { ...donation, amounts: [], allowCustom: false } },
};
export const DonationReadOnly: Story = {
  args: { ...Donation.args, isReadOnly: true },
};
