/** The keyboard settings: the shortcuts on or off, and the table of shortcuts. */
import { useLingui } from '@lingui/react';
import { keyName, shortcutAction, shortcutRows } from './settings-options';
import { onOff, Status, Switch, useSettings } from './settings-widgets';

/** settings/keyboard-shortcuts: the shortcut table (generated from the player's) and the switch. */
export function KeyboardShortcutsSettings() {
  const { i18n } = useLingui();
  const { prefs, set, announcement } = useSettings();
  const label = i18n._({ id: 'modal.keyboardShortcuts', message: 'Keyboard shortcuts' });
  return (
    <>
      <Switch
        label={label}
        checked={prefs.keyboardShortcuts === 1}
        onChange={(on) => set('keyboardShortcuts', on ? 1 : 0, `${label}: ${onOff(i18n, on)}`)}
      />
      <table className="shortcut-table" data-shortcuts="">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._({ id: 'settings.key', message: 'Key' })}</th>
            <th scope="col">{i18n._({ id: 'settings.action', message: 'Action' })}</th>
          </tr>
        </thead>
        <tbody>
          {shortcutRows().map(({ keys, action }) => (
            <tr key={keys.join()}>
              <td>
                {keys.map((k) => {
                  const { cap, spoken } = keyName(i18n, k);
                  return (
                    <kbd key={k}>
                      <span aria-hidden="true">{cap}</span>
                      <span className="visually-hidden">{spoken}</span>
                    </kbd>
                  );
                })}
              </td>
              <td>{shortcutAction(i18n, action)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Status text={announcement} />
    </>
  );
}
