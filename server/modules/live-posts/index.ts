export { registerLivePosts } from './socket.ts';
