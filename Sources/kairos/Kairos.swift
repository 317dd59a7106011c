import ArgumentParser

/// The `kairos` command: runs the server and talks to it.
@main
struct Kairos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kairos",
        abstract: "Kairos: a self-hosted, voice-first task manager.",
        subcommands: [
            ServeCommand.self, LoginCommand.self, AddCommand.self, TodayCommand.self, InboxCommand.self, ListCommand.self,
            UpcomingCommand.self, ProjectsCommand.self, MembersCommand.self, InviteCommand.self, JoinCommand.self,
            NotificationsCommand.self, MuteCommand.self, UnmuteCommand.self, ShowCommand.self, RemindCommand.self,
            DoneCommand.self, SearchCommand.self, AskCommand.self, SummaryCommand.self, ActionsCommand.self,
            NoteCommand.self, NotesCommand.self, WebhooksCommand.self,
            TimerCommand.self, ReportCommand.self, ThreadsCommand.self, ThreadCommand.self, SendCommand.self,
            ShareCommand.self, WatchCommand.self, ParseCommand.self, EvalCommand.self, AdminCommand.self,
            ExportCommand.self, ImportCommand.self, AccountCommand.self, TokenCommand.self, FeedsCommand.self,
        ])
}
