export { uploadRoutes } from './routes.ts';
export { createUploadService, type UploadService, type UploadTarget } from './service.ts';
export { processImage, sniffImageType, type ProcessedImage } from './processing.ts';
export { localStorage, s3Storage, storageFor, type StoredKey, type UploadStorage } from './storage.ts';
