# blind24: writes questions.jsonl and runs all mechanical checks. blind23's make_questions.py with this set's questions and
# these changes, marked 'blind24': paths /tmp/blind24_*, seed 241 for the kind-of-sequence walk, which also skips the
# scripts labelled under blind23's kinds of sequence (PREV_KIND, so that the kinds are fresh), this set's draws in the order
# asserts plus an assert that none of them is one of blind23's draws, and this set's spec pages and key phrases.
# Everything else (regexes, field checks, the package- and class-folder-scoped api check, caller checks incl. blind17's
# string-aware MATLAB comment cut, the page checks in both PDF copies) is blind23's (i.e. blind17's), unchanged. Reads
# /tmp/blind24_all.txt and /tmp/blind24_callers.json (written by the listing command in README.md /
# draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page checks. Run from anywhere (paths are
# absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind24_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which demos register their RF pulse ahead of the loop with seq.registerRfEvent, keeping only the shape IDs because the phase changes from one excitation to the next?','seq.registerRfEvent','matlab','b')
fx("I'd like the vendor's TRID segment numbers to be handed out automatically from segment names instead of keeping my own table; show me the demo that calls seq.addTRID",'seq.addTRID','matlab','c')
fx('MATLAB seq.waveforms_and_times in the demos: scripts that pull out the complete gradient waveforms after building the sequence to plot them and look for gaps','seq.waveforms_and_times','matlab','a')
fx('which demos create gradients from sampled waveforms with mr.makeArbitraryGrad, like a spiral readout or the in-plane gradients of a two-dimensional selective pulse, with gradient oversampling switched on?','mr.makeArbitraryGrad','matlab','b')
fx('I have a k-space trajectory for a selective excitation that starts and ends at nonzero gradient; I want ramps added in front and behind it, with the RF waveform padded to match. Where is mr.addRamps used?','mr.addRamps','matlab','c')
fx('mr.aux.findFlank example: reading off the slice thickness of simulated excitation and refocusing profiles at half height','mr.aux.findFlank','matlab','a')
fx('is there a pypulseq example that reads an existing sequence file and then looks into single blocks with seq.get_block, for instance to plot the magnitude and phase of the first RF pulse?','seq.get_block','python','b')
fx('In pypulseq I want to sum two gradient events on the same axis into one event, for example to join the halves of split phase blips or to fold the readout prephaser into the readout; list the example scripts that call pp.add_gradients','pp.add_gradients','python','c')
fx('pypulseq seq.apply_soft_delay example: giving new TE and TR values to a sequence built with soft delays and printing the block durations before and after','seq.apply_soft_delay','python','a')
fx('which pypulseq examples build piecewise-linear gradients from lists of time points and amplitudes with pp.make_extended_trapezoid, for instance slice-selection gradients fused with their spoilers in turbo spin echo?','pp.make_extended_trapezoid','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex('is there a basic single-slice spin-echo EPI without ramp sampling, with a 3 ms sinc excitation, a 500 us hard refocusing pulse between two slice-axis spoilers of twice the excitation slice area, in-plane prephasers played with a positive sign because the refocusing pulse mirrors k-space, a readout with a 320 us flat top, the shortest possible phase blips rounded up to 10 us and played in blocks of their own, TE 60 ms, 64 by 64 over 256 mm, a 3 mm slice, 32 mT/m and 130 T/m/s?',
   [P+'write_epi_se.py',M+'writeEpiSpinEcho.m'],'none','b')
ex("I'd like a labelled 2D spoiled gradient echo that demonstrates RF shimming with two transmit channels: four repetitions, the first with the plain excitation and every later one adding a shim setting in which the second channel's phase advances by a quarter cycle per repetition, 15 degrees with a 3 ms sinc on a 5 mm slice, 256 by 256 over 224 mm, TE 4300 us, TR 20 ms, a 3200 us readout, RF spoiling with an 84 degree increment, the left-right reversal flag set once at the start, line and slice counters reset at the start of every repetition and a repetition counter incremented after each. Which example is that?",
   [M+'writeGRE_rfShim.m'],'none','c')
ex('3D inversion-prepared rapid gradient echo of the MPRAGE type with a 7 degree 100 us hard excitation, a 10240 us hyperbolic-secant adiabatic inversion, TI 1100 ms and an outer TR of 2500 ms, the readout on the z axis and the inner phase-encoding loop on x, a 192 by 240 by 256 mm field of view, full sampling without acceleration and without readout oversampling, the readout gradient cut at the end of its flat top and continued by the shortest ramp-down spoiler carrying three times half the k-space width, the readout prephaser merged with the readout into one gradient, a 10 ms spoiler of four cycles per voxel along the slowest encoding axis during the inversion delay, RF spoiling, partition and line counters, 24 mT/m and 100 T/m/s',
   [P+'write_mprage.py',M+'writeMPRAGE.m'],'none','a')
ex('is there a 2D radial spoiled gradient echo that leaves the gradient objects unrotated and instead attaches a rotation event about the slice axis to the prephaser, readout and spoiler blocks of each spoke (the excitation block carries none), with 256 spokes over 180 degrees, dummy spokes whose readout plays without acquisition, 320 samples over 260 mm on a 1280 us flat top, 10 degrees, a 4 ms sinc on a 3 mm slice, TE 8 ms, TR 20 ms, an 84 degree RF spoiling increment, 28 mT/m and 120 T/m/s?',
   [M+'writeRadialGradientEcho_rotExt.m'],'none','b')
ex("I need a fast radial gradient echo with only two blocks per spoke, rotated by a rotation event attached to both blocks rather than by rotating the gradient objects: a 400 us sinc with a time-bandwidth product of 2 on a 6 mm slice whose rephaser is merged with the slice-select gradient into one waveform, the readout prephaser aligned to end together with it in the excitation block, 5 degrees, 240 samples over 240 mm with twofold oversampling in a 1200 us window, the readout flat top lengthened for spoiling by half the maximum k, a slice spoiler of two cycles per slice thickness at the end of the readout, 256 spokes over 180 degrees, 10 dummy spokes, TE and TR as short as possible with the TR read from the duration after the first spoke, 28 mT/m and 120 T/m/s. Which example is that?",
   [M+'writeFastRadialGradientEcho_rotExt.m'],'none','c')
ex('single-voxel PRESS spectroscopy with WET water suppression: three Gaussian saturation pulses of about 15 ms and 60 Hz bandwidth with flip angles near 89, 83 and 161 degrees, each followed by a spoiler on a different axis and spaced 60 ms apart, then a 3 ms SLR excitation and two 6 ms SLR refocusing pulses with a time-bandwidth product of 6 designed by an external toolbox, a 20 by 30 by 40 mm voxel, crusher pairs of two different areas around the refocusing pulses, merged on the refocusing slice axes with the slice selection into piecewise-linear gradients, TE 120 ms, TR 3 s, 4096 samples over 256 ms, a final spoiler on all three axes, 15 mT/m and 100 T/m/s',
   [M+'writePRESS.m'],'none','a')
ex('do you have a ramp-sampled diffusion-weighted spin-echo EPI with one Stejskal-Tanner gradient pair on the slice axis sized for a b-value of 1000 s/mm2 by a helper formula for rectangular gradients, without motion-correction flags or any other labels, partial Fourier of one half, phase blips split into halves merged across neighbouring readouts, three 2 mm slices, 112 by 112 over 224 mm, a 630 us readout, 3 ms sinc excitation and refocusing pulses with the slice-offset phase compensated, a 110 degree Gaussian fat saturation of 8 ms, an output trigger with every excitation, TE 80 ms, 38 mT/m and 180 T/m/s?',
   [M+'writeEpiDiffusionRS.m'],'none','b')
ex("I'm after a labelled multi-slice 2D gradient echo that imitates a parallel-imaging acquisition: every second phase-encoding line counted from the centre plus a fully sampled block of 32 calibration lines, reference and imaging flags set for each line accordingly, a noise-only acquisition flagged at the very start, the line counter advanced by the step to the next sampled line, three slices, slice positions in interleaved order, thickness, gap, TE, TR, the centre line and the phase resolution written as file definitions, 10 degrees, a 3 ms sinc, 128 by 128 over 256 mm, TE 4300 us, TR 30 ms and a 3200 us readout. Which example is that?",
   [M+'writeGradientEcho_grappa.m'],'none','c')
ex('multi-slice spiral imaging: an Archimedean spiral split into four interleaves with a slowly starting time evolution, reparametrised in time under the gradient and slew limits with a 97 percent safety margin, gradient oversampling, eleven 3 mm slices, a 256 matrix over 256 mm, twofold ADC oversampling with the acquisition split into equal segments and the maximum segment length written as a definition, a 110 degree Gaussian fat saturation before every slice, a 3 ms sinc excitation, the other interleaves produced by copying the first pass with a field-of-view rotation about z and a 1 s pause in between, 40 mT/m and 200 T/m/s',
   [M+'writeSpiral.m'],'none','a')
ex('is there a labelled 2D gradient echo whose TE and TR can be changed on the scanner after export through run-time adjustable delays: one TE delay before the readout that grows with TE from its minimum, a second TE delay after the spoiler that shrinks as TE grows up to a maximum of 8 ms so that their sum stays constant, and a TR delay after that; 7 degrees, a 3 ms sinc on a 3 mm slice, 64 by 64 over 224 mm, TR 20 ms, a 3200 us readout, RF spoiling with a 117 degree increment, the left-right reversal flag set once, and line and slice counters?',
   [P+'write_gre_label_softdelay.py'],'none','b')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("I create readouts with mr.makeAdc and want to know what ends up in the file. Which fields does a line of the [ADC] section have according to the specification, in which units are the dwell time and the delay given, and what does the last field stand for?",[15],'matlab','c')
sp('when I pass several extension objects to seq.addBlock, how does the file format let one block point to more than one extension: which four numbers make up a line of the [EXTENSIONS] section, what does each of them refer to, and how are the entries chained?',[16],'matlab','b')
sp('seq.getExtensionTypeID and the numeric extension type in the specification: what interpreters must use to recognise an extension, and how far the numeric type of an extension can be trusted across files and exporters',[17],'matlab','a')
sp("I'm experimenting with RF shimming and register the shim objects with seq.registerRfShimEvent. Since which revision does the specification have the RF shimming extension, how many shim objects may one block carry, what happens to shim settings in a block without an RF pulse, what should an interpreter do when the number of channels does not match its hardware, and what do the three lines of the example mean?",[20,21],'matlab','c')
sp('the structure that the events stored by mr.EventLibrary end up in: how the specification describes the three levels of blocks, events and shapes, why this keeps the file compact, what kind of compression the shapes use, and how comments are written',[6],'matlab','a')
sp('what must a line of the [DEFINITIONS] section look like so that I can read it back with seq.getDefinition: what separates the key from the value, what happens to extra white space around the value, and what may the key not contain?',[8],'matlab','b')
sp('pypulseq pp.make_adc and the ADC event in the file: how the duration of the readout follows from its fields, and how the final frequency and phase offsets are assembled from the ppm-based and the absolute parts',[15],'python','a')
sp("I'm adding a cardiac trigger with pypulseq pp.make_trigger; how does the TRIGGERS example in the specification encode a cardiac trigger and a digital output, which channel is vendor-specific, and how stable is this extension from one revision to the next?",[17],'python','c')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
SQ=A+'@Sequence/Sequence.m'
api("I have my own complex pulse shape and also want the matching slice-select gradient; which arguments and name/value options does mr.makeArbitraryRf accept?",'matlab','makeArbitraryRf','params',[A+'makeArbitraryRf.m'],'c')
api('what are the inputs of mr.makeExtendedTrapezoidArea, and in which order are they passed?','matlab','makeExtendedTrapezoidArea','params',[A+'makeExtendedTrapezoidArea.m'],'b')
api('what does seq.rfFromLibData expect as inputs when it rebuilds an RF event from library data?','matlab','rfFromLibData','params',[SQ],'b')
api('mr.aux.containers_map_lookup_ik inputs','matlab','containers_map_lookup_ik','params',[A+'+aux/containers_map_lookup_ik.m'],'a')
api("I want to listen to only part of my sequence, weight the three gradient axes differently, or just get the sound data without playing it; which options does MATLAB seq.sound accept?",'matlab','sound','params',[SQ],'c')
api('which arguments does seq.writeBinary take, and is the signature optional?','matlab','writeBinary','params',[A+'@Sequence/writeBinary.m'],'b')
api("I want to cut a trapezoid in two at a given time so that the parts can overlap with neighbouring blocks; what parameters does pypulseq pp.split_gradient_at take?",'python','split_gradient_at','params',[PA+'split_gradient_at.py'],'c')
api('pypulseq safe_tau_lowpass() parameters, utils/safe_pns_prediction.py','python','safe_tau_lowpass','params',[PA+'utils/safe_pns_prediction.py'],'a')
api('what keyword arguments does pypulseq pp.make_sinc_pulse accept?','python','make_sinc_pulse','params',[PA+'make_sinc_pulse.py'],'b')
api("I pre-register my rotation events to speed up adding blocks; what does seq.registerRotationEvent give back?",'matlab','registerRotationEvent','returns',[SQ],'c')
api('mr.aux.quat.normalize return value','matlab','normalize','returns',[A+'+aux/+quat/normalize.m'],'a')
api('pypulseq: what does the module-level register_grad_event() in Sequence/block.py return, for a trapezoid and for an arbitrary gradient?','python','register_grad_event','returns',[PA+'Sequence/block.py',PA+'Sequence/sequence.py'],'b')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind24_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    # blind16: a capitalised component is a class folder (mr.EventLibrary -> +mr/@EventLibrary/); if the query has no
    # '<qualifier>.<entry>' (the find_mat question says 'find_mat function in the mr.EventLibrary class folder'), the
    # qualifier is the query's first mr./seq. token
    if q['lang']=='matlab':
        mq=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']) or re.search(r'\b((?:mr|seq)(?:\.\w+)+)',q['query'])
        pref=mq.group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join(('@'+x if x[0].isupper() else '+'+x) for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
# blind24: this set's draw
assert [q['entry'] for q in Q if q['kind']=='api']==['makeArbitraryRf','makeExtendedTrapezoidArea','rfFromLibData',
  'containers_map_lookup_ik','sound','writeBinary','split_gradient_at','safe_tau_lowpass','make_sinc_pulse',
  'registerRotationEvent','normalize','register_grad_event']
# blind17: the MATLAB comment cut of the raw-text caller check skips '%' inside string literals (writeSpiral.m calls
# mr.convert inside fprintf('... %g ...', mr.convert(...)), which a plain split at the first '%' would cut off); a quote
# after a letter, digit, ')', ']', '}', '.' or another quote is a transpose, not a string start
def mcode_part(line):
    instr=None
    for i,ch in enumerate(line):
        if instr:
            if ch==instr: instr=None
            continue
        if ch=='%': return line[:i]
        if ch=='"': instr='"'
        elif ch=="'" and not (i>0 and (line[i-1].isalnum() or line[i-1] in "_)]}.'")): instr="'"
    return line
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,mcode_part(l) if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
# blind24: this set's draw
assert exfns==['seq.registerRfEvent','seq.addTRID','seq.waveforms_and_times','mr.makeArbitraryGrad','mr.addRamps',
  'mr.aux.findFlank','seq.get_block','pp.add_gradients','seq.apply_soft_delay','pp.make_extended_trapezoid']
# blind24: none of this set's drawn names (example functions, api entries; last name component) is one of blind23's draws
PREV_SET={'traj2grad','isSigPyAvailable','calcAdcSeg','simRf','isOctave','duration',
 'make_gauss_pulse','calc_rf_center','make_adiabatic_pulse','scale_grad',
 'makeSLRpulse','makeDigitalOutputPulse','restoreAdditionalShapeSamples','makeTrigger','find_mat','containers_map_lookup_ex',
 'makeRfShim','paperPlot','rf_from_lib_data','get_gradients','compress_shape','write_v141'}
assert not ({f.split('.')[-1] for f in exfns}|{q['entry'] for q in Q if q['kind']=='api'})&PREV_SET
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 241 (blind24); skip scripts that are not a sequence, scripts labelled under
# one of blind23's kinds (blind24: PREV_KIND, from blind23's README, #11-20) and scripts already labelled under a kind kept
# earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
# blind24: every script blind23 labelled under its kinds of sequence (#11-20)
PREV_KIND={M+'writeSemiLaser.m',M+'writeEpiSpinEchoRS.m',P+'write_epi_se_rs.py',M+'writeEpiRS_label_softdelay.m',M+'writeEpiRS.m',
 P+'write_epi.py',M+'writeEpi.m',P+'write_radial_gre.py',M+'writeRadialGradientEcho.m',M+'writeUTE.m',P+'write_ute.py',
 M+'writeGRE_live_demo.m',M+'writeSelectiveRf.m',M+'writeEpiRS_label.m'}
assert PREV_KIND<=set(allf)
f=list(allf); random.seed(241); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in PREV_KIND: skipped.append((x,'labelled by blind23')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
# blind24: this set's pages and key phrases
KEY={6:['The sequence description consists of a three-level hierarchical structure as demon- strated in Figure 1',
        'This ensures a compact representation, since repeating events (or shapes) are only declared once',
        'Blocks At the top level the sequence is specified by a number of blocks. Each block refers to one or more event(s) to be executed simultaneously',
        'Events The definition of events are dependent on the type (e.g. gradient, ADC) but some types may refer to one or more basic shapes',
        'Shapes A shape is a compressed list of samples',
        'The compression scheme is a type of run-length encoding',
        'Comments are specified by a line starting with a hash'],
     8:['The sequence may contain general definitions indicated by the [DEFINITIONS] keyword',
        'This defines a list of user-specified key/value pairs',
        'The <value> field is separated by a single space or tab character from <key> and is terminated at the end of the line',
        'Any (additional) white space at the beginning and at the end of <value> is ignored',
        'The <key> field cannot contain any white space caracters'],
     15:['The ADC section is declared with the [ADC] keyword',
         '<num> integer Number of samples',
         '<dwell> float The ADC dwell time ns',
         '<delay> integer Delay between start of block and µs first sample',
         '<freq_ppm> float Frequency offset of ADC receiver ppm relative to the system frequency',
         '<phase_ppm> float Phase offset of ADC receiver that rad/MHz is proportional to the system fre- quency',
         '<freq> float Frequency offset of ADC receiver Hz',
         '<phase> float Phase offset of ADC receiver rad',
         '<phase_shape_id> integer Shape ID of the phase modula- – tion, 0 for no modulation',
         'The duration of the ADC readout is given by the product of <num> and <dwell>',
         'The final phase and frequency coffsets are calculated as sums of the correspond- ing frequency-dependent and frequency-independent contributions',
         'Prior to the addition <freq_ppm> and <phase_ppm> are weighted with the current system frequency of the active nucleus, expressed in units of MHz'],
     16:['The EXTENSIONS section is declared with the [EXTENSIONS] keyword',
         'Each line in the section is an extension table entry specified by four numbers',
         '<id> integer ID of the extension list entry <type> integer ID of the type of the extension <ref> integer ID of the extension object <next> integer ID of the next entry in the list',
         'Extensions form zero-terminated single-linked list',
         'Therefore event table [BLOCKS] can reference a chain of extensions, which allows one to add more than one ex- tension per block',
         'Extension list is followed by the actual specification of particular extensions'],
     17:['<STRING_ID> integer text ID of the present extension used by the in- terpreter to recognize the extension',
         '<type> integer ID of the type of the particular extension, refer- enced by the extension list',
         'The interpreters MUST only use the STRING_ID to recognize the extensions and do not count on particular value of the <type> parameter',
         'The latter is only valid within the single Pulseq file and MAY change from one file to another, or different unique type ID values may be used by different Pulseq export implementations',
         'extension TRIGGERS 1 1 2 1 0 2000 2 1 3 500 100',
         'The example above contains a specification of the TRIGGERS extension, which is not a part of the core Pulseq format and MAY be subject to rapid changes between revisions',
         'Current example above specifies one cardiac trigger (id=1 type=2 channel=1) and one digital output signal (id=2 type=1 channel=3) on the ”external trigger” channel (Siemens-specific)'],
     20:['The RF shimming extension has been introduced in revision 1.5.1',
         'Only one RF shimming extension object can be specified per block',
         'RF shimming param- eters only act on the RF pulse in the current block',
         'This means RF shimming parameters specified for a block containing no RF have no effect and can be ignored',
         'RF shimming settings are highly experimental and more experience is needed to possibly allow future revisions of the extension',
         'RF shimming parameters start with explicitly specifying for how many RF transmit channels these are designed',
         'If this number does not correspond to the number of channels available in the hardware, the interpreter should probably ignore this setting and may generate an error or warning'],
     21:['# id num_chan magn_c1 phase_c1 magn_c2 phase_c2 ... extension RF_SHIMS 4 1 2 1 0 1 1 .5708 2 2 1 0 1 3 .14159 3 2 0 .7 0 1 0',
         'line 1 defines a 2to-channel RF shimming with both channels sharing the nominal amplitude but a phase shift of 90° is applied to the second channel',
         'Line 2 applies a phase shift of 180° to the second channel',
         'whereas in line 3 all phases are at 0 but the amplitude of channel 1 is scaled down by a factor of 0.7']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
