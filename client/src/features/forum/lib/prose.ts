// Typography for rendered posts and comments (the server's sanitised HTML) and for the editor's
// preview, so the preview looks like the result: `.prose-body` in index.css, written once there and not
// into every comment's markup (issue 31: ~2 kB a comment).
export const proseClasses = 'prose-body';
