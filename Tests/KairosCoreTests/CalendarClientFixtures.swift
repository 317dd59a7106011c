/// PUT bodies as calendar clients write them (from their documented formats), lines ending in CRLF.
enum CalendarClientFixtures {
    /// Joins lines with CRLF, as clients send them.
    static func crlf(_ lines: String) -> String {
        lines.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }

    static let berlinTimeZone = """
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:DAYLIGHT
        TZOFFSETFROM:+0100
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
        DTSTART:19810329T020000
        TZNAME:CEST
        TZOFFSETTO:+0200
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:+0200
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        DTSTART:19961027T030000
        TZNAME:CET
        TZOFFSETTO:+0100
        END:STANDARD
        END:VTIMEZONE
        """

    /// Apple Reminders (iOS 17): a timed reminder in Berlin with an alarm at a moment and its sort order.
    static let appleReminder = crlf(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Apple Inc.//iOS 17.4.1//EN
        CALSCALE:GREGORIAN
        \(berlinTimeZone)
        BEGIN:VTODO
        CREATED:20260301T080000Z
        DTSTAMP:20260301T080512Z
        DTSTART;TZID=Europe/Berlin:20260305T090000
        DUE;TZID=Europe/Berlin:20260305T090000
        LAST-MODIFIED:20260301T080512Z
        PRIORITY:1
        SEQUENCE:0
        STATUS:NEEDS-ACTION
        SUMMARY:Call the dentist\\, ask about Tuesday
        DESCRIPTION:Number is on the card\\nBring the insurance letter
        UID:0F3C5B8E-7A41-4E9B-9D61-2B7C1E0A9F11
        X-APPLE-SORT-ORDER:794649600
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        TRIGGER;VALUE=DATE-TIME:20260305T073000Z
        UID:5B1D2E3F-1111-4C6A-8E2B-000000000001
        X-WR-ALARMUID:5B1D2E3F-1111-4C6A-8E2B-000000000001
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        TRIGGER:-PT10M
        UID:5B1D2E3F-1111-4C6A-8E2B-000000000002
        X-WR-ALARMUID:5B1D2E3F-1111-4C6A-8E2B-000000000002
        END:VALARM
        BEGIN:VALARM
        ACTION:NONE
        TRIGGER;VALUE=DATE-TIME:19760401T005545Z
        X-APPLE-DEFAULT-ALARM:TRUE
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    /// Apple Reminders: a subtask of the reminder above, all day.
    static let appleSubtask = crlf(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Apple Inc.//iOS 18.1//EN
        CALSCALE:GREGORIAN
        BEGIN:VTODO
        CREATED:20260301T080100Z
        DTSTAMP:20260301T080100Z
        DTSTART;VALUE=DATE:20260304
        DUE;VALUE=DATE:20260304
        LAST-MODIFIED:20260301T080100Z
        RELATED-TO:0F3C5B8E-7A41-4E9B-9D61-2B7C1E0A9F11
        SEQUENCE:0
        STATUS:NEEDS-ACTION
        SUMMARY:Find the insurance letter
        UID:8A1E2C44-2B0F-4E1D-A4B7-5C9D0E6F7A22
        X-APPLE-SORT-ORDER:794649700
        END:VTODO
        END:VCALENDAR

        """)

    /// Apple Reminders: a completed reminder.
    static let appleCompleted = crlf(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Apple Inc.//iOS 18.1//EN
        CALSCALE:GREGORIAN
        BEGIN:VTODO
        COMPLETED:20260302T174512Z
        CREATED:20260228T090000Z
        DTSTAMP:20260302T174512Z
        LAST-MODIFIED:20260302T174512Z
        SEQUENCE:1
        STATUS:COMPLETED
        SUMMARY:Renew the library card
        UID:C7E1A9B2-3D4F-4A5B-8C6D-7E8F9A0B1C33
        X-APPLE-SORT-ORDER:794563200
        END:VTODO
        END:VCALENDAR

        """)

    /// Tasks.org through DAVx5: an all-day weekly chore with labels, a parent, a partial progress and an alarm
    /// at the due.
    static let tasksOrg = crlf(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:+//IDN tasks.org//android-140201//EN
        BEGIN:VTODO
        DTSTAMP:20260302T101500Z
        UID:5832615284912381947
        CREATED:20260302T101200Z
        LAST-MODIFIED:20260302T101500Z
        SUMMARY:Take out the bins
        DESCRIPTION:Blue one on Mondays\\; black one on Wednesdays
        PRIORITY:5
        STATUS:IN-PROCESS
        PERCENT-COMPLETE:40
        X-APPLE-SORT-ORDER:-2
        CATEGORIES:home,chores
        CATEGORIES:outside\\, front
        RELATED-TO;RELTYPE=PARENT:7716031948215230481
        DTSTART;VALUE=DATE:20260302
        DUE;VALUE=DATE:20260302
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE
        BEGIN:VALARM
        TRIGGER;RELATED=END:PT0S
        ACTION:DISPLAY
        DESCRIPTION:Default Tasks.org description
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    /// Thunderbird: a task with a start and a due in Berlin, done (PERCENT-COMPLETE:100 with COMPLETED, no STATUS),
    /// with its alarm bookkeeping and an alarm an hour before the due.
    static let thunderbird = crlf(
        """
        BEGIN:VCALENDAR
        PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
        VERSION:2.0
        \(berlinTimeZone)
        BEGIN:VTODO
        CREATED:20260303T120000Z
        LAST-MODIFIED:20260306T183000Z
        DTSTAMP:20260306T183000Z
        UID:d3f0c2a4-5b6e-4f70-8a91-b2c3d4e5f607
        SUMMARY:File the tax return
        X-MOZ-GENERATION:3
        X-MOZ-LASTACK:20260306T080000Z
        DTSTART;TZID=Europe/Berlin:20260306T090000
        DUE;TZID=Europe/Berlin:20260310T180000
        CLASS:PUBLIC
        PERCENT-COMPLETE:100
        COMPLETED:20260306T183000Z
        PRIORITY:9
        DESCRIPTION;ALTREP="data:text/html,<p>Forms on the <b>desk</b></p>":Forms on
          the desk
        X-ALT-DESC;FMTTYPE=text/html:<p>Forms on the <b>desk</b></p>
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DURATION;RELATED=END:-PT1H
        DESCRIPTION:Default Mozilla Description
        END:VALARM
        BEGIN:VALARM
        ACTION:EMAIL
        ATTENDEE:mailto:ada@example.com
        SUMMARY:Taxes
        DESCRIPTION:Taxes are due
        TRIGGER;VALUE=DURATION;RELATED=END:-P1D
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """)

    /// An event stored in a tasks calendar: Kairos keeps it and makes no task of it.
    static let event = crlf(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
        BEGIN:VEVENT
        UID:e7b4a1c2-0000-4000-8000-000000000001
        DTSTAMP:20260301T100000Z
        DTSTART:20260312T090000Z
        DTEND:20260312T100000Z
        SUMMARY:Quarterly review
        X-MOZ-GENERATION:1
        END:VEVENT
        END:VCALENDAR

        """)

    /// The objects holding a to-do.
    static let todos = [appleReminder, appleSubtask, appleCompleted, tasksOrg, thunderbird]

    static let all = todos + [event]
}
