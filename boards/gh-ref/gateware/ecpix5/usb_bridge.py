"""LUNA's USB device (ULPI) on gh_ref_usb's endpoint interface.

The SoC's USB block (gateware/gh_ref_usb.v) expects a device stack that
hands it EP1 OUT packets a byte a cycle and takes EP1 IN packets the same
way, with bus events beside them (GATEWARE_PERIPHERALS.md, "Endpoint
interface"). LUNA (luna-usb, pinned in requirements.txt) is that stack:
enumeration, EP0, packets, CRCs, toggles, the ULPI PHY. This module only
adapts its stream endpoints to the interface and crosses from LUNA's "usb"
domain (the PHY's 60 MHz) into "sync" (the SoC's sys_clk).

What LUNA's stream endpoints cannot say, and how it is mapped:
* OUT packet boundaries: LUNA marks the last byte of a short packet only.
  A packet ends here after 512 bytes or at that mark, counted from the
  transfer's first byte. A zero-length OUT packet never reaches the SoC;
  the firmware ends a frame by its header's length, not by packets.
* IN zero-length packets: LUNA sends one by itself after a full packet
  that carries `last`. So the last byte of each full SoC packet is held
  until the SoC's next move: a ZLP makes it `last` (LUNA adds the ZLP),
  more data makes it an ordinary byte. A ZLP not after a full packet
  cannot be sent by LUNA's stream endpoint and is dropped.
* Stalls: the stream endpoints have none; the firmware never stalls.
"""
from amaranth import Elaboratable, Module, Signal, Cat, Mux, ResetInserter
from amaranth.lib.cdc import FFSynchronizer, PulseSynchronizer
from amaranth.lib.fifo import AsyncFIFO
from luna.gateware.usb.usb2.device import USBDevice
from luna.gateware.usb.usb2.endpoints.stream import USBStreamInEndpoint, USBStreamOutEndpoint
from luna.gateware.usb.usb2 import USBSpeed
from usb_protocol.emitters import DeviceDescriptorCollection


def descriptors(usb):
    """EP0's descriptors from boards/usb.ini's [usb] section (parsed by the caller)."""
    d = DeviceDescriptorCollection()
    with d.DeviceDescriptor() as dev:
        dev.idVendor = usb["vid"]
        dev.idProduct = usb["pid"]
        dev.iManufacturer = "gpuhost"
        dev.iProduct = "gh-ref reference board"
        dev.iSerialNumber = "gh-ref-ecpix5"
        dev.bNumConfigurations = 1
    with d.ConfigurationDescriptor() as cfg:
        with cfg.InterfaceDescriptor() as intf:
            intf.bInterfaceNumber = usb["interface"]
            intf.bInterfaceClass = 0xFF      # vendor: gpuhost's own protocol
            for address in (usb["ep_out"], usb["ep_in"]):
                with intf.EndpointDescriptor() as ep:
                    ep.bEndpointAddress = address
                    ep.wMaxPacketSize = usb["max_packet"]
                    ep.bmAttributes = 0x02   # bulk
                    ep.bInterval = 0
    return d


# gh_ref_usb's endpoint interface as the board module's ports: (direction
# seen from the board, name, width); the bridge drives the "i" ones
SOC_PORTS = (
    ("i", "ep_out_valid", 1), ("i", "ep_out_data", 8), ("i", "ep_out_last", 1), ("i", "ep_out_zlp", 1),
    ("o", "ep_out_ready", 1),
    ("o", "ep_in_valid", 1), ("o", "ep_in_data", 8), ("o", "ep_in_last", 1), ("o", "ep_in_zlp", 1),
    ("i", "ep_in_ready", 1),
    ("i", "usb_bus_reset", 1), ("i", "usb_set_config", 1), ("i", "usb_configured", 1),
    ("i", "usb_halt_cleared", 1), ("i", "usb_suspended", 1), ("i", "usb_high_speed", 1),
    ("o", "usb_connect", 1),
)


class EndpointBridge(Elaboratable):
    """The device on `ulpi`, presenting gh_ref_usb's interface in "sync"."""

    def __init__(self, ulpi, usb):
        self._ulpi = ulpi
        self._usb = usb
        self.packet = usb["max_packet"]
        # the SoC's side, in "sync": a signal for each of SOC_PORTS
        for _, name, width in SOC_PORTS:
            setattr(self, name, Signal(width, name=name))

    def elaborate(self, platform):
        m = Module()
        usb = self._usb
        m.submodules.device = device = USBDevice(bus=self._ulpi)
        control = device.add_standard_control_endpoint(descriptors(usb))

        # bus reset and SET_CONFIGURATION flush the endpoints, as they flush
        # the SoC's buffers (GATEWARE_PERIPHERALS.md)
        reset_seen = Signal()
        bus_reset = Signal()
        m.d.usb += reset_seen.eq(device.reset_detected)
        m.d.comb += bus_reset.eq(device.reset_detected & ~reset_seen)
        config_changed = control.interface.config_changed
        flush = Signal()
        m.d.comb += flush.eq(bus_reset | config_changed)
        ep_out = USBStreamOutEndpoint(endpoint_number=usb["ep_out"] & 0x7F, max_packet_size=self.packet)
        ep_in = USBStreamInEndpoint(endpoint_number=usb["ep_in"] & 0x7F, max_packet_size=self.packet)
        device.add_endpoint(ResetInserter({"usb": flush})(ep_out))
        device.add_endpoint(ResetInserter({"usb": flush})(ep_in))

        self._out_path(m, ep_out)
        self._in_path(m, ep_in)
        self._events(m, device, control, bus_reset, config_changed)
        return m

    def _out_path(self, m, ep_out):
        """LUNA's OUT stream, cut into packets, into "sync"."""
        fifo = m.submodules.out_fifo = AsyncFIFO(width=9, depth=64, w_domain="usb", r_domain="sync")
        stream = ep_out.stream
        count = Signal(range(self.packet + 1))   # bytes of this packet before this one
        ends = Signal()
        m.d.comb += [
            ends.eq(stream.last | (Mux(stream.first, 0, count) == self.packet - 1)),
            fifo.w_data.eq(Cat(stream.payload, ends)),
            fifo.w_en.eq(stream.valid),
            stream.ready.eq(fifo.w_rdy),
        ]
        with m.If(stream.valid & fifo.w_rdy):
            m.d.usb += count.eq(Mux(ends, 0, Mux(stream.first, 1, count + 1)))
        m.d.comb += [
            self.ep_out_valid.eq(fifo.r_rdy),
            self.ep_out_data.eq(fifo.r_data[0:8]),
            self.ep_out_last.eq(fifo.r_data[8]),
            self.ep_out_zlp.eq(0),
            fifo.r_en.eq(self.ep_out_ready),
        ]

    def _in_path(self, m, ep_in):
        """The SoC's IN packets into "usb", full packets' ends held (module doc)."""
        fifo = m.submodules.in_fifo = AsyncFIFO(width=10, depth=64, w_domain="sync", r_domain="usb")
        m.d.comb += [
            fifo.w_data.eq(Cat(self.ep_in_data, self.ep_in_last, self.ep_in_zlp)),
            fifo.w_en.eq(self.ep_in_valid),
            self.ep_in_ready.eq(fifo.w_rdy),
        ]
        stream = ep_in.stream
        data, last, zlp = fifo.r_data[0:8], fifo.r_data[8], fifo.r_data[9]
        count = Signal(range(self.packet + 1))   # bytes of the SoC's packet so far
        held = Signal()
        held_byte = Signal(8)
        with m.If(held):
            # the held byte goes first: `last` when a ZLP follows (taken with it)
            m.d.comb += [
                stream.valid.eq(fifo.r_rdy),
                stream.payload.eq(held_byte),
                stream.last.eq(zlp),
                fifo.r_en.eq(stream.ready & zlp),
            ]
            with m.If(fifo.r_rdy & stream.ready):
                m.d.usb += held.eq(0)
        with m.Elif(fifo.r_rdy & zlp):
            m.d.comb += fifo.r_en.eq(1)              # not after a full packet: LUNA cannot send it
            m.d.usb += count.eq(0)
        with m.Elif(fifo.r_rdy & last & (count == self.packet - 1)):
            m.d.comb += fifo.r_en.eq(1)              # a full packet's last byte: hold it
            m.d.usb += [held.eq(1), held_byte.eq(data), count.eq(0)]
        with m.Else():
            m.d.comb += [
                stream.valid.eq(fifo.r_rdy),
                stream.payload.eq(data),
                stream.last.eq(last),                # a short packet ends the transfer
                fifo.r_en.eq(stream.ready),
            ]
            with m.If(fifo.r_rdy & stream.ready):
                m.d.usb += count.eq(Mux(last, 0, count + 1))

    def _events(self, m, device, control, bus_reset, config_changed):
        """The stack's events into "sync"; CONNECT out of it."""
        for name, pulse in (("bus_reset", bus_reset),
                            ("set_config", config_changed),
                            ("halt_cleared", control.interface.clear_endpoint_halt_out.enable)):
            sync = PulseSynchronizer(i_domain="usb", o_domain="sync")
            m.submodules["pulse_" + name] = sync
            m.d.comb += [sync.i.eq(pulse), getattr(self, "usb_" + name).eq(sync.o)]
        configured = Signal()
        high_speed = Signal()
        m.d.comb += [
            configured.eq(control.interface.active_config != 0),
            high_speed.eq(device.speed == USBSpeed.HIGH),
        ]
        m.submodules.sync_configured = FFSynchronizer(configured, self.usb_configured, o_domain="sync")
        m.submodules.sync_suspended = FFSynchronizer(device.suspended, self.usb_suspended, o_domain="sync")
        m.submodules.sync_high_speed = FFSynchronizer(high_speed, self.usb_high_speed, o_domain="sync")
        m.submodules.sync_connect = FFSynchronizer(self.usb_connect, device.connect, o_domain="usb")
