import { ArrowUp, CircleExclamationPoint, Folder, LoaderCircle, Settings } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AttachButton } from '../attachments/attach-button';
import { AttachmentProblems } from '../attachments/attachment-problems';
import { AttachmentTray } from '../attachments/attachment-tray';
import { usePendingAttachments } from '../attachments/use-pending-attachments';
import { useSettings } from '../api/use-settings';
import { MessageTextarea } from '../components/message-textarea';
import { FolderPicker } from '../folder-picker/folder-picker';
import { useSettingsDialog } from '../stores/settings-dialog-store';
import { isModelConfigured } from '../settings/is-model-configured';
import { PageHeader } from '../components/page-header-slot';
import { useCreateConversation } from './use-create-conversation';
import './new-conversation-page.css';

/**
 * The start screen: describe a task (with images and files attached, as in a conversation's
 * composer), pick the workspace folder, send.
 */
export function NewConversationPage() {
  const settings = useSettings();
  const showSettings = useSettingsDialog((state) => state.show);
  const [task, setTask] = useState('');
  const taskInput = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // The page loads lazily: by the time it shows, a person may already be typing elsewhere (the
    // search box). Take the focus only when nothing holds it, never from under their keys.
    const focused = document.activeElement;
    if (focused === null || focused === document.body) taskInput.current?.focus();
  }, []);
  const [workspace, setWorkspace] = useState('');
  const attach = usePendingAttachments('new-conversation');

  // The launcher's --workspace, from GET /api/settings; a folder the person already typed wins.
  const settingsWorkspace = settings.data?.default_workspace;
  useEffect(() => {
    if (settingsWorkspace) setWorkspace((current) => current || settingsWorkspace);
  }, [settingsWorkspace]);

  const create = useCreateConversation(attach, settingsWorkspace);

  const submit = () => {
    const text = task.trim();
    if ((!text && attach.items.length === 0) || create.isPending) return;
    create.mutate({ text, workingDir: workspace.trim() });
  };
  const modelMissing = settings.isSuccess && !isModelConfigured(settings.data);

  return (
    <div className="home">
      <PageHeader>
        <h1 className="page-title">New conversation</h1>
      </PageHeader>
      <div className="home__center">
        <h2 className="home__title">What should the agent do?</h2>
        <p className="home__subtitle">
          It works in the folder below: it runs commands, edits files and asks before risky steps.
        </p>
        <AttachmentProblems problems={attach.problems} />
        <form
          className={`task-box ${attach.dragging ? 'task-box--dragging' : ''}`}
          {...attach.dropZone}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <AttachmentTray items={attach.items} onRemove={attach.remove} disabled={create.isPending} />
          <MessageTextarea
            className="task-box__input"
            aria-label="Task"
            placeholder="Describe a task, e.g. “Add a --verbose flag to the CLI and a test for it”"
            value={task}
            onChange={setTask}
            onPaste={attach.onPaste}
            onSubmit={submit}
            ref={taskInput}
            maxRows={14}
          />
          <div className="task-box__footer">
            <AttachButton onFiles={attach.add} disabled={create.isPending} className="task-box__attach" />
            <div className="task-box__workspace" title="Workspace folder">
              <Folder size={14} aria-hidden />
              <FolderPicker
                className="task-box__workspace-picker"
                inputClassName="task-box__workspace-input"
                label="Workspace folder"
                placeholder="/path/to/project"
                value={workspace}
                onChange={setWorkspace}
              />
            </div>
            <span className="task-box__hint">
              <kbd>Enter</kbd> to send · <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line
            </span>
            <button
              type="submit"
              className="button button--primary button--icon task-box__send"
              aria-label="Start conversation"
              disabled={(!task.trim() && attach.items.length === 0) || create.isPending}
            >
              {create.isPending ? <LoaderCircle size={16} className="spin" /> : <ArrowUp size={16} />}
            </button>
          </div>
        </form>
        {create.isError ? (
          <div className="notice notice--error home__error" role="alert">
            <CircleExclamationPoint size={16} aria-hidden />
            <span>{create.error.message}</span>
          </div>
        ) : null}
        {modelMissing ? (
          <div className="notice notice--warning home__error">
            <Settings size={16} aria-hidden />
            <span>
              No model is configured yet.{' '}
              <button type="button" className="link-button" onClick={() => showSettings()}>
                Open settings
              </button>{' '}
              to choose one.
            </span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
