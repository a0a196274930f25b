export { FormTextField, type FormTextFieldProps } from './FormTextField';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { QuantityStepper, type QuantityStepperProps } from './QuantityStepper';
