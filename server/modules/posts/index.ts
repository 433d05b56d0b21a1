// The posts module's public face: app.ts creates the service and registers postRoutes; comments, votes,
// search, categories, members and reports read posts (lists, presenter, ranking, the thread) through
// these exports only.
export { postRoutes } from './routes.ts';
export { createPostService, deletePost, type PostService } from './service.ts';
export { renderContent, type ContentPhotos } from './photos.ts';
// @mentions as profile links (issue 18): the uploads' re-render and the one-off relink script use these.
export { mentionedMembers } from './mentions.ts';
export { relinkMentions } from './relink-mentions.ts';
export {
  findCategory,
  authorColumns,
  listColumns,
  loadCategories,
  loadPostsPage,
  postConditions,
  presentPosts,
  type PostFilter,
} from './list-service.ts';
export { presentCategory, presentPost, voteType, type AuthorRow, type CategoryRow, type PostRow } from './presenter.ts';
export { hotScore } from './ranking.ts';
// Solved answers (issue 33): posts.qa_state, kept by every write of a post's category or answer.
export { qaStateOfCategory, qaStateUnsolved } from './qa-state.ts';
// Latest activity (issue 30): the comment writes keep posts.last_activity_at with this.
export { lastActivityNow } from './activity.ts';
export { commentColumns, loadAcceptedAnswer, loadCommentPage, mayDelete, mayEdit, presentComments, type Editor, type Viewer } from './thread.ts';
export { viewerKey } from './view-counter.ts';
// Edit history (issue 28): comments keep their earlier versions through the same writer.
export { recordRevision } from './revisions.ts';
// A protected voice (issue 32): comments write anonymously through the same rule.
export { anonymousLabelFor, anonymousVoice, eventActor, type AnonymousInput } from './anonymous.ts';
export { presentByline } from './presenter.ts';
// Polls (issue 33): the live threads send a poll's counts to whoever may see them.
export { pollFrame } from './polls.ts';
// Flags hide (issue 28): the reports module hides, restores and upholds a flagged post with these.
export { hidePost, restorePost, upholdPost, type HiddenPost } from './hide.ts';
export { loadAllTags, loadTagNames, presentTags, resolveLabels, tagIdsOf, type TagRow } from './tags.ts';
