export { ClassReportView, type ClassReportViewProps } from './ClassReportView';
