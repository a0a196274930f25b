export { EditorField, type EditorFieldProps, type EditorFieldControlProps } from './EditorField';
export { MoneyInput, type MoneyInputProps } from './MoneyInput';
