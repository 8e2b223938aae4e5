/** Link previews (Open Graph, Twitter cards): what modules answer, and how the page is made from it. */
export { IndexTemplate } from './index-template';
export {
  isSitePath,
  type LinkPreview,
  PREVIEW_DESCRIPTION_CHARS,
  PREVIEW_TITLE_CHARS,
  type PreviewImage,
  previewText,
} from './link-preview';
export {
  DEFAULT_PREVIEW_IMAGE,
  escapeHtml,
  isLoopbackUrl,
  previewBase,
  previewTags,
  SITE_NAME,
  withPreview,
} from './preview-html';
