; cardtable's Windows installer, for Inno Setup 6. build/build.py compiles it on Windows:
;
;   ISCC /DAppVersion=0.1.0 /DSourceDir=dist\cardtable /DIconFile=build\icons\cardtable.ico
;        /DOutputDir=dist /DOutputName=cardtable-0.1.0-windows-amd64-setup cardtable.iss
;
; It installs for the current user only (no administrator rights) into
; %LOCALAPPDATA%\Programs\cardtable, adds a Start-menu shortcut and, when ticked, a desktop
; shortcut, and registers an uninstaller. The uninstaller removes the program and asks
; whether to delete the player's saved match, settings and statistics too
; (%LOCALAPPDATA%\cardtable); the answer it starts on is No. Run silently (/VERYSILENT) it
; keeps them, unless given /DELETESAVES.

#ifndef AppVersion
  #error Give the version: /DAppVersion=... (build/build.py passes pyproject.toml's)
#endif
#ifndef SourceDir
  #error Give the built program folder: /DSourceDir=...
#endif
#ifndef IconFile
  #define IconFile "..\icons\cardtable.ico"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#ifndef OutputName
  #define OutputName "cardtable-" + AppVersion + "-windows-amd64-setup"
#endif

[Setup]
; the same id for every version, so a new version installs over the old one
AppId={{E6EF4DB9-A414-49B8-A155-C75151BA1CE6}
AppName=cardtable
AppVersion={#AppVersion}
AppVerName=cardtable {#AppVersion}
AppPublisher=cardtable
AppComments=Five card games called 65 or 66
VersionInfoVersion={#AppVersion}
VersionInfoProductName=cardtable
VersionInfoDescription=cardtable {#AppVersion} installer
; per user: no administrator rights, and never the question
PrivilegesRequired=lowest
DefaultDirName={autopf}\cardtable
DisableProgramGroupPage=yes
DisableDirPage=auto
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\cardtable.exe
UninstallDisplayName=cardtable
OutputDir={#OutputDir}
OutputBaseFilename={#OutputName}
Compression=lzma2/ultra64
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "french"; MessagesFile: "compiler:Languages\French.isl"

[CustomMessages]
english.DeleteSaves=Also delete your saved match, settings and statistics?%n%nChoose No to keep them for the next time cardtable is installed.
french.DeleteSaves=Supprimer aussi la partie enregistrée, les réglages et les statistiques ?%n%nChoisissez Non pour les garder pour une prochaine installation de cardtable.
english.Comment=Five card games called 65 or 66
french.Comment=Cinq jeux de cartes appelés 65 ou 66

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; files of an older version that this one no longer has
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\cardtable"; Filename: "{app}\cardtable.exe"; IconFilename: "{app}\cardtable.exe"; Comment: "{cm:Comment}"
Name: "{autodesktop}\cardtable"; Filename: "{app}\cardtable.exe"; IconFilename: "{app}\cardtable.exe"; Comment: "{cm:Comment}"; Tasks: desktopicon

[Run]
Filename: "{app}\cardtable.exe"; Description: "{cm:LaunchProgram,cardtable}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; the program folder only: the saves live elsewhere and are the [Code] section's business
Type: filesandordirs; Name: "{app}\_internal"
Type: dirifempty; Name: "{app}"

[Code]
// Whether the uninstaller deletes the saves: /DELETESAVES says yes; otherwise a silent
// uninstall keeps them, and the player is asked with No as the answer ready.
function WantsSavesDeleted(): Boolean;
var
  I: Integer;
begin
  Result := False;
  for I := 1 to ParamCount do
    if CompareText(ParamStr(I), '/DELETESAVES') = 0 then
      Result := True;
  if (not Result) and (not UninstallSilent) then
    Result := MsgBox(CustomMessage('DeleteSaves'), mbConfirmation,
                     MB_YESNO or MB_DEFBUTTON2) = IDYES;
end;

procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  Saves: String;
begin
  if CurUninstallStep = usPostUninstall then
  begin
    Saves := ExpandConstant('{localappdata}\cardtable');
    if DirExists(Saves) and WantsSavesDeleted() then
      DelTree(Saves, True, True, True);
  end;
end;
