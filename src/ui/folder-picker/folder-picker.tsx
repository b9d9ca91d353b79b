import { FolderCombobox } from './folder-combobox';
import { useFolderOptions } from './use-folder-options';

/** A workspace folder field with recent folders and the folders under what is typed (see FolderCombobox). */
export function FolderPicker(props: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  invalid?: boolean;
}) {
  const { options, loading } = useFolderOptions(props.value);
  return <FolderCombobox {...props} options={options} loading={loading} />;
}
