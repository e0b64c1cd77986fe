export { UploadWorkspace, type UploadWorkspaceProps } from './UploadWorkspace';
