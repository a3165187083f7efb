// Privacy as other features see it: the dashboard's privacy panel.
export { PrivacyPanel } from './components/privacy-panel.tsx';
