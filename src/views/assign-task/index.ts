export { AssignTaskForm, type AssignTaskFormProps } from './AssignTaskForm';
