// Typography for rendered posts and comments (the server's sanitised HTML) and for the editor's
// preview, so the preview looks like the result. Arbitrary variants keep it out of the global CSS.
export const proseClasses = [
  'min-w-0 text-base leading-relaxed break-words',
  '[&_p]:my-3 [&>:first-child]:mt-0 [&>:last-child]:mb-0',
  '[&_a]:text-link [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline',
  // @mentions (issue 18): the stored <a class="mention"> and the preview's <span class="mention">.
  '[&_.mention]:font-semibold [&_.mention]:text-link [&_a.mention]:no-underline [&_a.mention:hover]:underline',
  '[&_strong]:font-bold [&_em]:italic [&_del]:line-through',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-muted',
  '[&_code]:rounded [&_code]:bg-surface [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold [&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-bold',
  '[&_h5]:mt-4 [&_h5]:mb-2 [&_h5]:font-bold [&_h6]:mt-4 [&_h6]:mb-2 [&_h6]:font-semibold',
  '[&_hr]:my-4 [&_hr]:border-line',
  // Photos (this site's uploads only): never wider than the column, their own aspect ratio from width/height.
  '[&_img]:my-2 [&_img]:block [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_table]:my-3 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-1',
  '[&_th]:border [&_th]:border-line [&_th]:bg-surface [&_th]:px-2 [&_th]:py-1 [&_th]:text-left',
].join(' ');
