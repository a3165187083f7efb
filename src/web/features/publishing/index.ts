/** Publishing: the Studio's Publishing tab, a draft's "Publish" card, and published results (the dashboard). */
export { PublishDraft } from './components/publish-draft.tsx';
export { PublishedResultsSection } from './components/published-results.tsx';
export { PublishingPanel } from './components/publishing-panel.tsx';
