export { EditorField, type EditorFieldProps, type EditorFieldControlProps } from './EditorField';
