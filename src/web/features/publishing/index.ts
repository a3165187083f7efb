/** Publishing (issue 25): the Studio's Publishing tab and a draft's "Publish" card. */
export { PublishDraft } from './components/publish-draft.tsx';
export { PublishingPanel } from './components/publishing-panel.tsx';
