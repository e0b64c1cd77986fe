export { TaskBoard, type TaskBoardProps } from './TaskBoard';
