export { TeamPanel, teamPanelMessages, type TeamPanelProps } from './TeamPanel';
