// Tags and postcode areas (issue 32): their pages' data, following them, and the admins' tag list. The
// posts module keeps a post's tags and areas and lists a label's posts (posts/list-service.ts).
export { labelRoutes } from './routes.ts';
export { createLabelService, type LabelService } from './service.ts';
