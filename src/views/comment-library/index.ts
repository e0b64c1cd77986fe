export { CommentLibrary, type CommentLibraryProps, type CommentLibraryFilters } from './CommentLibrary';
export { CommentLibraryDrawer, type CommentLibraryDrawerProps } from './CommentLibraryDrawer';
