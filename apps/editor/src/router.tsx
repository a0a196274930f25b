import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
} from '@tanstack/react-router';
import { lazy } from 'react';
import { EditorShell } from './shell/EditorShell';

// Screens load on demand: the first load is the shell and the sign-in screen; the page editor
// (template engine, drag and drop, block kit) comes with the first page opened.
const PageEditorScreen = lazy(() =>
  import('./page-editor/PageEditorScreen').then((m) => ({ default: m.PageEditorScreen })),
);
const PagesScreen = lazyRouteComponent(() => import('./pages/PagesScreen'), 'PagesScreen');
const HeaderFooterScreen = lazyRouteComponent(
  () => import('./header-footer/HeaderFooterScreen'),
  'HeaderFooterScreen',
);
const ComponentsScreen = lazyRouteComponent(
  () => import('./components/ComponentsScreen'),
  'ComponentsScreen',
);
const ComponentEditorScreen = lazy(() =>
  import('./components/ComponentsScreen').then((m) => ({ default: m.ComponentEditorScreen })),
);
const FilesScreen = lazyRouteComponent(() => import('./files/FilesScreen'), 'FilesScreen');
const StoreScreen = lazyRouteComponent(() => import('./store/StoreScreen'), 'StoreScreen');
const OrdersScreen = lazyRouteComponent(() => import('./store/OrdersScreen'), 'OrdersScreen');
const DiscountsScreen = lazyRouteComponent(() => import('./discounts/DiscountsScreen'), 'DiscountsScreen');
const ShopEmailsScreen = lazyRouteComponent(
  () => import('./shop-emails/ShopEmailsScreen'),
  'ShopEmailsScreen',
);
const TaxesScreen = lazyRouteComponent(() => import('./taxes/TaxesScreen'), 'TaxesScreen');
const ShippingScreen = lazyRouteComponent(() => import('./shipping/ShippingScreen'), 'ShippingScreen');
const MemberAreasScreen = lazyRouteComponent(
  () => import('./member-areas/MemberAreasScreen'),
  'MemberAreasScreen',
);
const MailingListsScreen = lazyRouteComponent(
  () => import('./mailing-lists/MailingListsScreen'),
  'MailingListsScreen',
);
const AutomationsScreen = lazyRouteComponent(
  () => import('./mailing-lists/AutomationsScreen'),
  'AutomationsScreen',
);
const SiteStylesScreen = lazyRouteComponent(
  () => import('./site-styles/SiteStylesScreen'),
  'SiteStylesScreen',
);
const PopupOverlayScreen = lazyRouteComponent(
  () => import('./popup-overlay/PopupOverlayScreen'),
  'PopupOverlayScreen',
);
const FormsScreen = lazyRouteComponent(() => import('./forms/FormsScreen'), 'FormsScreen');
const FormEditorScreen = lazy(() =>
  import('./forms/FormEditorScreen').then((m) => ({ default: m.FormEditorScreen })),
);
const CollectionScreen = lazy(() =>
  import('./collections/CollectionScreen').then((m) => ({ default: m.CollectionScreen })),
);
const CollectionItemScreen = lazy(() =>
  import('./collections/CollectionScreen').then((m) => ({ default: m.CollectionItemScreen })),
);
const CommentsScreen = lazyRouteComponent(() => import('./comments/CommentsScreen'), 'CommentsScreen');
const TagsScreen = lazyRouteComponent(() => import('./tags/TagsScreen'), 'TagsScreen');
const RedirectsScreen = lazyRouteComponent(() => import('./redirects/RedirectsScreen'), 'RedirectsScreen');
const TemplatesScreen = lazyRouteComponent(() => import('./templates/TemplatesScreen'), 'TemplatesScreen');
const AnalyticsScreen = lazyRouteComponent(() => import('./analytics/AnalyticsScreen'), 'AnalyticsScreen');
const LanguagesScreen = lazyRouteComponent(() => import('./languages/LanguagesScreen'), 'LanguagesScreen');
const SiteSettingsScreen = lazyRouteComponent(
  () => import('./site-settings/SiteSettingsScreen'),
  'SiteSettingsScreen',
);
const SiteProfileScreen = lazyRouteComponent(
  () => import('./site-profile/SiteProfileScreen'),
  'SiteProfileScreen',
);
const SignInProvidersScreen = lazyRouteComponent(
  () => import('./sign-in-providers/SignInProvidersScreen'),
  'SignInProvidersScreen',
);
const JoinScreen = lazyRouteComponent(() => import('./join/JoinScreen'), 'JoinScreen');
const TeamScreen = lazyRouteComponent(() => import('./team/TeamScreen'), 'TeamScreen');
const ActivityScreen = lazyRouteComponent(() => import('./activity/ActivityScreen'), 'ActivityScreen');
const ReviewsScreen = lazyRouteComponent(() => import('./reviews/ReviewsScreen'), 'ReviewsScreen');
const BillingScreen = lazy(() => import('./billing/BillingScreen'));
const OrderScreen = lazy(() => import('./store/OrdersScreen').then((m) => ({ default: m.OrderScreen })));

const root = createRootRoute({ component: EditorShell });
const index = createRoute({
  getParentRoute: () => root,
  path: '/',
  component: () => <Navigate to="/pages" replace />,
});
const pages = createRoute({ getParentRoute: () => root, path: '/pages', component: PagesScreen });
const pageEditor = createRoute({
  getParentRoute: () => root,
  path: '/pages/$pageId',
  component: function PageEditorRoute() {
    const { pageId } = pageEditor.useParams();
    return <PageEditorScreen pageId={pageId} />;
  },
});
const componentsRoute = createRoute({
  getParentRoute: () => root,
  path: '/components',
  component: ComponentsScreen,
});
const componentEditor = createRoute({
  getParentRoute: () => root,
  path: '/components/$componentId',
  component: function ComponentEditorRoute() {
    const { componentId } = componentEditor.useParams();
    return <ComponentEditorScreen componentId={componentId} />;
  },
});
const headerFooter = createRoute({
  getParentRoute: () => root,
  path: '/header-footer',
  component: HeaderFooterScreen,
});
const siteStylesRoute = createRoute({
  getParentRoute: () => root,
  path: '/site-styles',
  component: SiteStylesScreen,
});
const templatesRoute = createRoute({
  getParentRoute: () => root,
  path: '/templates',
  component: TemplatesScreen,
});
const filesRoute = createRoute({ getParentRoute: () => root, path: '/files', component: FilesScreen });
const storeRoute = createRoute({ getParentRoute: () => root, path: '/store', component: StoreScreen });
const ordersRoute = createRoute({ getParentRoute: () => root, path: '/orders', component: OrdersScreen });
const discountsRoute = createRoute({
  getParentRoute: () => root,
  path: '/discounts',
  component: DiscountsScreen,
});
const shopEmailsRoute = createRoute({
  getParentRoute: () => root,
  path: '/emails',
  component: ShopEmailsScreen,
});
const taxesRoute = createRoute({ getParentRoute: () => root, path: '/taxes', component: TaxesScreen });
const shippingRoute = createRoute({
  getParentRoute: () => root,
  path: '/shipping',
  component: ShippingScreen,
});
const orderRoute = createRoute({
  getParentRoute: () => root,
  path: '/orders/$orderId',
  component: function OrderRoute() {
    const { orderId } = orderRoute.useParams();
    return <OrderScreen orderId={orderId} />;
  },
});
const mailingListsRoute = createRoute({
  getParentRoute: () => root,
  path: '/mailing-lists',
  component: MailingListsScreen,
});
const memberAreasRoute = createRoute({
  getParentRoute: () => root,
  path: '/member-areas',
  component: MemberAreasScreen,
});
const automationsRoute = createRoute({
  getParentRoute: () => root,
  path: '/automations',
  component: AutomationsScreen,
});
const popupOverlayRoute = createRoute({
  getParentRoute: () => root,
  path: '/popup',
  component: PopupOverlayScreen,
});
const formsRoute = createRoute({ getParentRoute: () => root, path: '/forms', component: FormsScreen });
const formEditorRoute = createRoute({
  getParentRoute: () => root,
  path: '/forms/$formId',
  component: function FormEditorRoute() {
    const { formId } = formEditorRoute.useParams();
    return <FormEditorScreen formId={formId} />;
  },
});
const collectionRoute = createRoute({
  getParentRoute: () => root,
  path: '/collections/$pageId',
  component: function CollectionRoute() {
    const { pageId } = collectionRoute.useParams();
    return <CollectionScreen pageId={pageId} />;
  },
});
const collectionItemRoute = createRoute({
  getParentRoute: () => root,
  path: '/collections/$pageId/$itemId',
  component: function CollectionItemRoute() {
    const { pageId, itemId } = collectionItemRoute.useParams();
    return <CollectionItemScreen pageId={pageId} itemId={itemId} />;
  },
});
const commentsRoute = createRoute({
  getParentRoute: () => root,
  path: '/comments',
  component: CommentsScreen,
});
const tagsRoute = createRoute({ getParentRoute: () => root, path: '/tags', component: TagsScreen });
const redirectsRoute = createRoute({
  getParentRoute: () => root,
  path: '/redirects',
  component: RedirectsScreen,
});
const analyticsRoute = createRoute({
  getParentRoute: () => root,
  path: '/analytics',
  component: AnalyticsScreen,
});

const languagesRoute = createRoute({
  getParentRoute: () => root,
  path: '/languages',
  component: LanguagesScreen,
});
const siteProfileRoute = createRoute({
  getParentRoute: () => root,
  path: '/site',
  component: SiteProfileScreen,
});
const siteSettingsRoute = createRoute({
  getParentRoute: () => root,
  path: '/site-settings',
  component: SiteSettingsScreen,
});
const memberSignInRoute = createRoute({
  getParentRoute: () => root,
  path: '/member-sign-in',
  component: SignInProvidersScreen,
});
const joinRoute = createRoute({ getParentRoute: () => root, path: '/join', component: JoinScreen });
const teamRoute = createRoute({ getParentRoute: () => root, path: '/team', component: TeamScreen });
const reviewsRoute = createRoute({
  getParentRoute: () => root,
  path: '/reviews',
  component: ReviewsScreen,
});
const activityRoute = createRoute({
  getParentRoute: () => root,
  path: '/activity',
  component: ActivityScreen,
});
const upgradeRoute = createRoute({
  getParentRoute: () => root,
  path: '/settings/billing/upgrade',
  component: () => <BillingScreen page="upgrade" />,
});
const websiteSubscriptionRoute = createRoute({
  getParentRoute: () => root,
  path: '/settings/billing/subscriptions/website',
  component: () => <BillingScreen page="website" />,
});

export const router = createRouter({
  routeTree: root.addChildren([
    componentsRoute,
    componentEditor,
    index,
    pages,
    pageEditor,
    headerFooter,
    siteStylesRoute,
    templatesRoute,
    filesRoute,
    storeRoute,
    ordersRoute,
    discountsRoute,
    shopEmailsRoute,
    taxesRoute,
    shippingRoute,
    orderRoute,
    mailingListsRoute,
    memberAreasRoute,
    automationsRoute,
    popupOverlayRoute,
    formsRoute,
    formEditorRoute,
    collectionRoute,
    collectionItemRoute,
    commentsRoute,
    tagsRoute,
    redirectsRoute,
    analyticsRoute,
    languagesRoute,
    siteSettingsRoute,
    siteProfileRoute,
    memberSignInRoute,
    teamRoute,
    activityRoute,
    reviewsRoute,
    joinRoute,
    upgradeRoute,
    websiteSubscriptionRoute,
  ]),
  basepath: '/config',
  defaultNotFoundComponent: () => <Navigate to="/pages" replace />,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
